import type { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DeskStore, ledgerRepo, type LedgerRepo } from '../../../electron/core/store'
import { hashKey, idKey } from '../../../electron/core/store/ledger/ledger-keys'
import { LedgerWords } from '../../../electron/core/store/ledger/ledger-words'
import { isFinalLegStatus } from '../../../shared/api/leg-status'
import type { LedgerFilter, LedgerRow } from '../../../shared/api/ledger-query'
import type { TransactionLeg } from '../../../shared/api/resources'
import { oldLedgerStatements, storedLedger, storeFromVersion, type MigratedStore } from '../../harness/migrated-store'
import { sampleLeg } from '../../harness/sample-leg'

const READS = [
  Date.parse('2026-11-02T00:00:00.000Z'),
  Date.parse('2026-11-02T00:05:00.123Z'),
  Date.parse('2026-11-03T09:00:00.000Z'),
]
const HEX = 'cd'.repeat(31)
const CHECKSUMMED = { name: null, address: '0x9F8E7d6c5B4a39281706f5E4d3C2b1A098765432' }
const LOWER = { name: null, address: '0xabc' }
const TREASURY = { name: 'Treasury', address: '0xdef' }
const NOT_ASCII = { name: null, address: 'ÄDRESSE-1' }

/** Amounts of every form a version-16 ledger may hold: each must read back character for character. */
const LEGS: TransactionLeg[] = [
  sampleLeg(1, { created_at: '2026-10-01T08:00:00Z', amount: '0', from: CHECKSUMMED, tx_hash: `0x00${HEX}` }),
  sampleLeg(2, {
    created_at: '2026-10-02T08:00:00.000Z',
    amount: '0.000',
    fee: '0.0001',
    fee_asset: 'ETH',
    direction: 'out',
    from: TREASURY,
    to: CHECKSUMMED,
  }),
  sampleLeg(3, { created_at: '2026-10-03T08:00:00.000Z', amount: '10.50', fee: '0', from: LOWER }),
  sampleLeg(4, {
    created_at: '2026-10-04T08:00:00.000Z',
    amount: '0.000000000000000001',
    from: NOT_ASCII,
    network: null,
    network_name: null,
    wallet_id: null,
  }),
  // Digits past what a packed amount holds, and more places after the point than it counts: kept as text.
  sampleLeg(5, {
    created_at: '2026-10-05T08:00:00.000Z',
    amount: '123456789012345678.123456789',
    id: 'tx-legacy-5',
    status: 'broadcasting',
  }),
  sampleLeg(6, { created_at: '2026-10-06T08:00:00.000Z', amount: `0.${'1'.repeat(32)}`, tx_hash: `ff${HEX}` }),
  // The largest digit string that packs, and the next one, which does not.
  sampleLeg(7, {
    created_at: '2026-10-07T08:00:00.000Z',
    amount: '2814749767.10655',
    direction: 'out',
    from: TREASURY,
    to: LOWER,
    fee: '0.01',
    fee_asset: 'ETH',
  }),
  sampleLeg(7, {
    created_at: '2026-10-07T08:00:00.000Z',
    amount: '2814749767.10656',
    wallet_id: 'w2',
    from: TREASURY,
    to: LOWER,
  }),
]
const readAt = (i: number) => READS[i % READS.length]!

function writeAtVersion16(db: DatabaseSync): void {
  const { partyId, put } = oldLedgerStatements(db)
  const w = (word: string | null) => new LedgerWords(db).intern(word)
  LEGS.forEach((l, i) => {
    const atMs = Date.parse(l.created_at)
    const createdAt = new Date(atMs).toISOString() === l.created_at ? null : l.created_at
    const final = isFinalLegStatus(l.status) ? 1 : 0
    const words = [l.wallet_id, l.asset, l.network, l.network_name, l.status].map(w)
    put.run(
      idKey(l.id),
      l.direction,
      atMs,
      createdAt,
      ...words,
      final,
      l.amount,
      l.fee,
      w(l.fee_asset),
      partyId(l.from),
      partyId(l.to),
      hashKey(l.tx_hash),
      readAt(i),
      null,
    )
  })
  // Each party a leg names on its wallet's side, as the repository lists them (migration 16).
  db.prepare(
    "INSERT INTO ledger_own_parties (id) SELECT DISTINCT CASE direction WHEN 'in' THEN to_party ELSE from_party END FROM ledger_legs",
  ).run()
}

const asRow = (leg: TransactionLeg): LedgerRow => ({
  ...leg,
  read_at: new Date(readAt(LEGS.indexOf(leg))).toISOString(),
  final: isFinalLegStatus(leg.status),
  suspected_poisoning: false,
})

describe('migration step 17: a ledger of version 16 in less space', () => {
  let migrated: MigratedStore<ReturnType<typeof storedLedger>>
  let store: DeskStore
  let ledger: LedgerRepo
  let db: DatabaseSync
  beforeAll(async () => {
    migrated = await storeFromVersion(16, (old) => {
      writeAtVersion16(old)
      return storedLedger(old)
    })
    store = migrated.store
    ledger = store.repo(ledgerRepo)
    db = store.repo((d) => d)
  })
  afterAll(() => migrated.close())

  it('keeps every leg and party as it was, value for value', () => {
    expect(storedLedger(db)).toEqual(migrated.written)
  })

  it('stores amounts as integers where they come back whole, read times by number, parties without a key, and gives the freed pages back', () => {
    const types = db
      .prepare('SELECT typeof(amount) AS amount, typeof(fee) AS fee, read_at_ms FROM ledger_legs ORDER BY seq')
      .all()
    expect(types.map((t) => t.amount)).toEqual([
      'integer',
      'integer',
      'integer',
      'integer',
      'text',
      'text',
      'integer',
      'text',
    ])
    expect(types.map((t) => t.fee)).toEqual(['null', 'integer', 'integer', 'null', 'null', 'null', 'integer', 'null'])
    expect(
      db
        .prepare('SELECT ms FROM ledger_read_times ORDER BY id')
        .all()
        .map((r) => r.ms),
    ).toEqual(READS)
    expect(new Set(types.map((t) => t.read_at_ms))).toEqual(new Set([1, 2, 3]))
    expect(
      db
        .prepare('SELECT name FROM pragma_table_info(?)')
        .all('ledger_parties')
        .map((c) => c.name),
    ).toEqual(['id', 'name', 'address', 'search'])
    expect(
      db
        .prepare('SELECT address FROM ledger_parties WHERE search IS NOT NULL ORDER BY id')
        .all()
        .map((r) => r.address),
    ).toEqual(['0xdef', 'ÄDRESSE-1'])
    expect(
      db
        .prepare('SELECT name FROM pragma_index_info(?)')
        .all('ledger_legs_at')
        .map((c) => c.name),
    ).toEqual(['at_ms', 'wallet_id', 'asset'])
    expect(
      db.prepare("SELECT name FROM sqlite_schema WHERE name IN ('ledger_legs_wallet', 'ledger_legs_asset')").all(),
    ).toEqual([])
    expect(db.prepare('PRAGMA freelist_count').get()).toEqual({ freelist_count: 0 })
    expect(db.prepare("SELECT 1 FROM meta WHERE name = 'compact_due'").get()).toBeUndefined()
  })

  it('reads every leg back as it was written, and both legs of one movement by its id', () => {
    expect([...ledger.rows({})]).toEqual(LEGS.map(asRow))
    expect(ledger.legs(LEGS[6]!.id)).toEqual([asRow(LEGS[6]!), asRow(LEGS[7]!)])
    for (const l of LEGS) expect(ledger.hasLeg(l.id, l.direction as 'in' | 'out')).toBe(true)
  })

  it('finds legs by party in any case, by name and address together, by wallet, asset, amount, id start and hash start', () => {
    const ids = (filter: LedgerFilter) => ledger.page(filter, undefined, 50).rows.map((r) => `${r.id} ${r.direction}`)
    const leg = (i: number) => `${LEGS[i]!.id} ${LEGS[i]!.direction}`
    expect(ids({ text: '0x9F8E7D' })).toEqual([leg(1), leg(0)])
    expect(ids({ text: 'treasury 0xd' })).toEqual(LEGS.map((_, i) => leg(i)).reverse())
    expect(ids({ text: 'Äd' })).toEqual([leg(3)])
    // A party's search text starts with a space (no name): a needle with one matches at an address's start only.
    expect(ids({ text: ' 0xab' })).toEqual(ids({ text: '0xab' }))
    expect(ids({ text: '0xab' })).toHaveLength(5)
    expect(ids({ text: ' xab' })).toEqual([])
    expect(ids({ text: 'y 0xdef' })).toEqual(LEGS.map((_, i) => leg(i)).reverse())
    expect(ids({ text: 'ops' })).toEqual([])
    expect(ids({ walletId: 'w2' })).toEqual([leg(7)])
    expect(ids({ walletId: 'w1', asset: 'ETH', direction: 'out' })).toEqual([leg(6), leg(1)])
    expect(ids({ minAmount: '10', maxAmount: '123456789012345678.2' })).toEqual([leg(7), leg(6), leg(4), leg(2)])
    expect(ids({ maxAmount: '0.000000000000000001' })).toEqual([leg(3), leg(1), leg(0)])
    expect(ids({ text: 'tx-leg' })).toEqual([leg(4)])
    expect(ids({ text: '00000000-0000-4000-8000-000000000007' })).toEqual([leg(7), leg(6)])
    expect(ids({ text: '0x00cdcd' })).toEqual([leg(0)])
    expect(ids({ text: 'FFCD' })).toEqual([leg(5)])
  })

  it('writes a changed leg over its row with its party found again, and refuses a second row of one (id, direction)', () => {
    const changed = { ...LEGS[4]!, status: 'completed', amount: '7.25' }
    const parties = db.prepare('SELECT COUNT(*) AS n FROM ledger_parties').get()
    store.transaction('test', () => ledger.replaceMovement(changed.id, [changed], READS[0]!, READS[0]!))
    expect(ledger.legs(changed.id)).toEqual([
      {
        ...asRow(LEGS[4]!),
        status: 'completed',
        final: true,
        amount: '7.25',
        read_at: new Date(READS[0]!).toISOString(),
      },
    ])
    expect(db.prepare('SELECT COUNT(*) AS n FROM ledger_parties').get()).toEqual(parties)
    expect(db.prepare('SELECT COUNT(*) AS n FROM ledger_read_times').get()).toEqual({ n: 3 })
    const renamed = sampleLeg(9, { from: { name: 'Acme', address: LOWER.address } })
    store.transaction('test', () => ledger.replaceMovement(renamed.id, [renamed], READS[0]!, READS[0]!))
    expect(
      db
        .prepare('SELECT name FROM ledger_parties WHERE address = ? ORDER BY id')
        .all(LOWER.address)
        .map((r) => r.name),
    ).toEqual([null, 'Acme'])
    const copy = `INSERT INTO ledger_legs (id, direction, at_ms, asset, status, final, amount, from_party, to_party, read_at_ms)
      SELECT id, direction, at_ms, asset, status, final, amount, from_party, to_party, read_at_ms FROM ledger_legs WHERE seq = ?`
    for (const seq of [1, 7, 8])
      expect(() => db.prepare(copy).run(seq)).toThrow(/UNIQUE constraint failed: ledger_legs.id, ledger_legs.direction/)
  })
})

describe('migration step 17: damaged legs of version 16', () => {
  it.each([
    ['amount', "'1e5'", /its amount is not a decimal amount/],
    ['amount', "x'31'", /its amount is not a decimal amount/],
    ['fee', "'0,01'", /its fee is not a decimal amount or empty/],
    ['read_at_ms', "'yesterday'", /its read_at_ms is not a time in milliseconds/],
    ['read_at_ms', '-1e300', /its read_at_ms is not a time in milliseconds/],
  ])('a %s of %s still stops a read with record_corrupt', async (column, value, message) => {
    const migrated = await storeFromVersion(16, (old) => {
      writeAtVersion16(old)
      old.prepare(`UPDATE ledger_legs SET ${column} = ${value} WHERE seq = 3`).run()
    })
    try {
      const ledger = migrated.store.repo(ledgerRepo)
      expect(() => [...ledger.rows({})]).toThrow(
        expect.objectContaining({ code: 'record_corrupt', message: expect.stringMatching(message) }),
      )
    } finally {
      await migrated.close()
    }
  })
})
