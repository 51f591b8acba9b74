import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { noteProviderLists } from '../../../electron/core/destinations/lookalike-guard'
import { DeskStore, ledgerRepo, MIGRATIONS, openDatabase, STORE_FILE } from '../../../electron/core/store'
import type { Counterparty } from '../../../shared/api/resources'
import { sampleLeg } from '../../harness/sample-leg'

const REAL = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const BAIT = '0x5aaeb6053f3e94c9b9a02f33669435e7ef1beaed'
const WALK = { after: null, before: null, cursor: null, newest: null, oldest: null, pages: 1, rows: 1, startedAt: 0 }
const flagged = (store: DeskStore) =>
  store
    .repo(ledgerRepo)
    .page({ suspectedPoisoning: true }, undefined, 100)
    .rows.map((r) => r.from.address)

describe('suspected poisoning flags in the profile store', () => {
  let dir: string
  let n = 0
  const stores: DeskStore[] = []
  const open = (at: string) => {
    const s = DeskStore.open(at, 'cli')
    stores.push(s)
    return s
  }
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bait-flags-'))
  })
  afterEach(() => {
    for (const s of stores.splice(0)) s.close()
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('migration step 7 flags the bait a ledger already holds, judged against the index step 5 builds from it', () => {
    const at = join(dir, `p${++n}`)
    const old = openDatabase(
      join(at, STORE_FILE),
      MIGRATIONS.filter((m) => m.version < 5),
    )
    old.exec(
      `INSERT INTO ledger_parties (id, key, name, address, search) VALUES (1, 'a', NULL, '${REAL}', ''), (2, 'b', NULL, '${BAIT}', ''), (3, 'c', 'Ops', '0xdef0000000000000000000000000000000000000', '')`,
    )
    old.exec(`INSERT INTO ledger_legs (id, direction, at_ms, created_at, asset, network, status, final, amount, amount_key, from_party, to_party, read_at_ms)
      VALUES ('t1', 'out', 1, '2026-01-01T00:00:00.000Z', 'USDC', 'ethereum', 'completed', 1, '900', '003900', 3, 1, 0),
             ('t2', 'in', 2, '2026-01-02T00:00:00.000Z', 'USDC', 'ethereum', 'completed', 1, '0', '0010', 2, 3, 0),
             ('t3', 'in', 3, '2026-01-03T00:00:00.000Z', 'USDC', 'ethereum', 'completed', 1, '0.5', '0010.5', 1, 3, 0)`)
    old.close()
    const store = open(at)
    // The bait, not the original's own later dust.
    expect(flagged(store)).toEqual([BAIT])
  })

  it('bait older than the destination it imitates is flagged once the book names that destination', () => {
    const store = open(join(dir, `p${++n}`))
    const ledger = store.repo(ledgerRepo)
    ledger.bind('https://sandbox|k1')
    ledger.commitPage(
      [sampleLeg(1, { amount: '0', asset: 'USDC', network: 'ethereum', from: { name: null, address: BAIT } })],
      WALK,
      true,
      0,
      0,
    )
    expect(flagged(store)).toEqual([])
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
    expect(flagged(store)).toEqual([BAIT])
  })
})
