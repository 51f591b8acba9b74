import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  DeskStore,
  knownAddresses,
  ledgerRepo,
  MIGRATIONS,
  openDatabase,
  SCHEMA_VERSION,
  schemaVersion,
  STORE_FILE,
} from '../../../electron/core/store'
import { sampleLeg } from '../../harness/sample-leg'
import type { Counterparty } from '../../../shared/api/resources'
import { checkIndex, noteProviderLists } from '../../../electron/core/destinations/lookalike-guard'

const REAL = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const FAKE = '0x5aaeb6053f3e94c9b9a02f33669435e7ef1beaed'
const PAYEE = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

describe('the known-address index in the profile store', () => {
  let dir: string
  let n = 0
  const stores: DeskStore[] = []
  const fresh = () => join(dir, `p${++n}`)
  const open = (at: string) => {
    const s = DeskStore.open(at, 'cli')
    stores.push(s)
    return s
  }
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'known-addresses-'))
  })
  afterEach(() => {
    for (const s of stores.splice(0)) s.close()
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('migration step 5 indexes the ledger parties and completed payouts a database already holds', () => {
    const at = fresh()
    const file = join(at, STORE_FILE)
    const old = openDatabase(
      file,
      MIGRATIONS.filter((m) => m.version < 5),
    )
    old.exec(
      "INSERT INTO ledger_parties (id, key, name, address, search) VALUES (1, 'a', 'Acme', '" +
        REAL +
        "', ''), (2, 'b', 'Treasury', '0xdef', '')",
    )
    old.exec(`INSERT INTO ledger_legs (id, direction, at_ms, created_at, asset, network, status, final, amount, amount_key, from_party, to_party, read_at_ms)
      VALUES ('t1', 'in', 0, '2026-01-02T00:00:00.000Z', 'ETH', 'ethereum', 'completed', 1, '1', '1', 1, 2, 0),
             ('t0', 'in', 0, '2026-01-01T00:00:00.000Z', 'ETH', 'ethereum', 'completed', 1, '1', '1', 1, 2, 0)`)
    const paid = {
      id: '6f1c1c1e-0000-4000-8000-000000000001',
      status: 'completed',
      wallet_id: 'w1',
      asset: 'BTC',
      amount: '1',
      destination: PAYEE,
      network: 'bitcoin',
      tx_hash: null,
      created_at: '2026-02-01T00:00:00.000Z',
      updated_at: '2026-02-02T00:00:00.000Z',
    }
    const open_ = {
      ...paid,
      id: '6f1c1c1e-0000-4000-8000-000000000002',
      status: 'pending_approval',
      destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    }
    old
      .prepare('INSERT INTO withdrawal_cache (id, body, read_at) VALUES (?, ?, ?), (?, ?, ?)')
      .run(paid.id, JSON.stringify(paid), 'x', open_.id, JSON.stringify(open_), 'x')
    old.close()

    const store = open(at)
    const raw = openDatabase(file)
    expect(schemaVersion(raw)).toBe(SCHEMA_VERSION)
    raw.close()
    const index = store.repo(knownAddresses)
    expect(index.sameLook('ethereum', FAKE)).toEqual([
      {
        network: 'ethereum',
        address: REAL.toLowerCase(),
        source: 'ledger',
        label: 'Acme',
        seenAt: '2026-01-01T00:00:00.000Z',
      },
    ])
    expect(index.sameLook('bitcoin', PAYEE)).toEqual([
      { network: 'bitcoin', address: PAYEE, source: 'payout', label: null, seenAt: '2026-02-02T00:00:00.000Z' },
    ])
    // Only a completed payout counts as paid, and the short placeholder party has no key.
    expect(index.sameLook('bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toEqual([])
    // An EVM address is the same account on every EVM network: the ethereum party is found from polygon too.
    expect(index.sameLook('polygon', FAKE)).toEqual(index.sameLook('ethereum', FAKE))
    expect(index.sameLook('bitcoin-testnet', PAYEE)).toEqual([])
  })

  it('a ledger sync and a payout read keep it current; a ledger of another environment takes its entries with it', () => {
    const store = open(fresh())
    const ledger = store.repo(ledgerRepo)
    ledger.bind('https://sandbox|k1')
    ledger.commitPage(
      [sampleLeg(1, { from: { name: 'Acme', address: REAL }, network: 'ethereum' })],
      { after: null, before: null, cursor: null, newest: null, oldest: null, pages: 1, rows: 1, startedAt: 0 },
      true,
      0,
      0,
    )
    store.transaction('keep', () =>
      store.withdrawals.put({
        id: '6f1c1c1e-0000-4000-8000-000000000003',
        status: 'completed',
        wallet_id: 'w1',
        asset: 'BTC',
        amount: '1',
        destination: PAYEE,
        network: 'bitcoin',
        tx_hash: null,
        created_at: '2026-02-01T00:00:00.000Z',
        updated_at: '2026-02-02T00:00:00.000Z',
      }),
    )
    const index = store.repo(knownAddresses)
    index.note([
      {
        network: 'ethereum',
        address: REAL,
        source: 'destination',
        label: 'Acme payroll',
        seenAt: '2026-03-01T00:00:00.000Z',
      },
    ])
    expect(
      index
        .sameLook('ethereum', FAKE)
        .map((k) => k.source)
        .sort(),
    ).toEqual(['destination', 'ledger'])
    expect(index.sameLook('bitcoin', PAYEE).map((k) => k.source)).toEqual(['payout'])

    ledger.bind('https://production|k2')
    expect(index.sameLook('ethereum', FAKE)).toEqual([])
    // A payout the profile completed stays known: it is in the store, not in the ledger.
    expect(index.sameLook('bitcoin', PAYEE).map((k) => k.source)).toEqual(['payout'])
  })

  it('a damaged entry refuses the check rather than passing it', () => {
    const at = fresh()
    const store = open(at)
    store
      .repo(knownAddresses)
      .note([
        { network: 'ethereum', address: REAL, source: 'destination', label: null, seenAt: '2026-03-01T00:00:00.000Z' },
      ])
    const raw = openDatabase(join(at, STORE_FILE))
    raw.exec("UPDATE known_addresses SET address = '0x1111111111111111111111111111111111111111'")
    raw.close()
    expect(() => store.repo(knownAddresses).sameLook('ethereum', FAKE)).toThrow(/damaged/)
  })

  it('an unchanged book is not written again, but is once a ledger of another environment emptied the index', () => {
    const store = open(fresh())
    const ledger = store.repo(ledgerRepo)
    ledger.bind('https://sandbox|k1')
    const book = [
      {
        id: 'cp-1',
        label: 'Acme',
        network: 'ethereum',
        network_name: 'Ethereum',
        address: REAL,
        direction: 'send',
        status: 'verified',
        can_send: true,
        verified_at: null,
        counterparty_type: 'company',
        company_name: 'Acme',
        wallet_type: 'unhosted',
        country: 'DE',
        created_at: '2026-03-01T00:00:00.000Z',
      },
    ] as Counterparty[]
    noteProviderLists(store, book, [])
    expect(checkIndex(store, 'ethereum', FAKE).map((f) => f.source)).toEqual(['destination'])
    // Another connection's reset (the ledger's own, as a bind does): the guard's mark is void, the book is noted again.
    ledger.bind('https://production|k2')
    noteProviderLists(store, book, [])
    expect(checkIndex(store, 'ethereum', FAKE).map((f) => f.source)).toEqual(['destination'])
  })
})
