import type { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeskStore, ledgerRepo, type LedgerRepo } from '../../../electron/core/store'
import { hashKey, idKey } from '../../../electron/core/store/ledger/ledger-keys'
import { LedgerWords } from '../../../electron/core/store/ledger/ledger-words'
import { LegNotesRepo } from '../../../electron/core/store/ledger/leg-notes-repo'
import { isFinalLegStatus } from '../../../shared/api/leg-status'
import type { LedgerRow } from '../../../shared/api/ledger-query'
import type { TransactionLeg } from '../../../shared/api/resources'
import { oldLedgerStatements, storedLedger, storeFromVersion, type MigratedStore } from '../../harness/migrated-store'
import { sampleLeg } from '../../harness/sample-leg'

const READ_MS = Date.parse('2026-11-02T00:00:00.000Z')
const HEX = 'cd'.repeat(31)
const BASE58 = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
const OUTSIDER = { name: null, address: '0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432' }
const TREASURY = { name: 'Treasury', address: '0xdef' }
const OPS = { name: 'Ops', address: '0x0b5' }

/** Legs of every odd form a version-15 ledger holds, with the bait flag each was stored with. */
const LEGS: Array<TransactionLeg & { bait: 0 | 1 | null }> = [
  { ...sampleLeg(1, { created_at: '2026-10-01T08:00:00Z', from: OUTSIDER, tx_hash: `0x00${HEX}` }), bait: null },
  {
    ...sampleLeg(2, {
      created_at: '2026-10-02T08:00:00.000Z',
      network: null,
      network_name: null,
      wallet_id: null,
      tx_hash: null,
    }),
    bait: null,
  },
  {
    ...sampleLeg(3, {
      created_at: '2026-10-03T08:00:00.000Z',
      direction: 'out',
      from: TREASURY,
      to: OUTSIDER,
      asset: 'USDC',
      fee: '0.002',
      fee_asset: 'ETH',
      tx_hash: `ff${HEX}`,
    }),
    bait: null,
  },
  {
    ...sampleLeg(4, { created_at: '2026-10-04T08:00:00.000Z', amount: '0.000001', tx_hash: `0X${HEX.toUpperCase()}` }),
    bait: 1,
  },
  {
    ...sampleLeg(5, {
      created_at: '2026-10-05T08:00:00.000+02:00',
      id: 'tx-legacy-5',
      status: 'broadcasting',
      wallet_id: 'w2',
    }),
    bait: null,
  },
  {
    ...sampleLeg(6, {
      created_at: '2026-10-06T08:00:00.000Z',
      tx_hash: BASE58,
      network: 'solana-devnet',
      network_name: 'Solana Devnet',
    }),
    bait: 0,
  },
  // A move between own wallets: two legs of one id.
  {
    ...sampleLeg(7, {
      created_at: '2026-10-07T08:00:00.000Z',
      direction: 'out',
      from: TREASURY,
      to: OPS,
      tx_hash: `0x07${HEX}`,
      fee: '0.01',
      fee_asset: 'ETH',
    }),
    bait: null,
  },
  {
    ...sampleLeg(7, {
      created_at: '2026-10-07T08:00:00.000Z',
      direction: 'in',
      from: TREASURY,
      to: OPS,
      tx_hash: `0x07${HEX}`,
      wallet_id: 'w2',
    }),
    bait: null,
  },
  {
    ...sampleLeg(8, {
      created_at: '2026-10-08T08:00:00.000Z',
      direction: 'out',
      id: 'ABCDEF00-0000-4000-8000-000000000008',
      tx_hash: `0x${HEX}a`,
    }),
    bait: null,
  },
]

const NOTES = [
  {
    transactionId: LEGS[2]!.id,
    direction: 'out' as const,
    note: 'Invoice 4471 from the supplier',
    tags: ['supplier', 'q4'],
  },
  { transactionId: 'tx-legacy-5', direction: 'in' as const, note: null, tags: ['q4'] },
  { transactionId: LEGS[7]!.id, direction: 'in' as const, note: 'Float top-up', tags: [] },
]

/**
 * Writes the legs straight into a ledger of version 15, as its repository stored them (packed ids and hashes, words as
 * numbers).
 */
function writeAtVersion15(db: DatabaseSync): void {
  const { partyId, put } = oldLedgerStatements(db)
  const words = new LedgerWords(db)
  const w = (word: string | null) => words.intern(word)
  for (const l of LEGS) {
    const atMs = Date.parse(l.created_at)
    const createdAt = new Date(atMs).toISOString() === l.created_at ? null : l.created_at
    const final = isFinalLegStatus(l.status) ? 1 : 0
    put.run(
      idKey(l.id),
      l.direction,
      atMs,
      createdAt,
      w(l.wallet_id),
      w(l.asset),
      w(l.network),
      w(l.network_name),
      w(l.status),
      final,
      l.amount,
      l.fee,
      w(l.fee_asset),
      partyId(l.from),
      partyId(l.to),
      hashKey(l.tx_hash),
      READ_MS,
      l.bait,
    )
  }
  const notes = new LegNotesRepo(db)
  for (const n of NOTES) notes.put(n, 'tester', '2026-11-02T00:00:00.000Z')
}

const stored = (db: DatabaseSync) => ({
  ...storedLedger(db),
  notes: db.prepare('SELECT * FROM ledger_leg_notes ORDER BY leg_id, direction').all(),
  tags: db.prepare('SELECT * FROM ledger_leg_tags ORDER BY tag, leg_key, direction').all(),
})

const asRow = ({ bait, ...leg }: (typeof LEGS)[number]): LedgerRow => ({
  ...leg,
  read_at: new Date(READ_MS).toISOString(),
  final: isFinalLegStatus(leg.status),
  suspected_poisoning: bait === 1,
})

describe('migration step 16: a ledger of version 15 with leaner indexes', () => {
  let migrated: MigratedStore<ReturnType<typeof stored>>
  let store: DeskStore
  let ledger: LedgerRepo
  let before: ReturnType<typeof stored>
  beforeAll(async () => {
    migrated = await storeFromVersion(15, (db) => {
      writeAtVersion15(db)
      return stored(db)
    })
    ;({ store, written: before } = migrated)
    ledger = store.repo(ledgerRepo)
  })
  afterAll(() => migrated.close())

  it('keeps every stored leg, party, note and tag as it was, value for value', () => {
    expect(stored(store.repo((d) => d))).toEqual(before)
  })

  it('reads every leg back as it was written, oldest first, and both legs of one movement by its id', () => {
    expect([...ledger.rows({})]).toEqual(LEGS.map(asRow))
    expect(ledger.legs(LEGS[6]!.id)).toEqual([asRow(LEGS[6]!), asRow(LEGS[7]!)])
    for (const l of LEGS) expect(ledger.hasLeg(l.id, l.direction as 'in' | 'out')).toBe(true)
    expect(ledger.hasLeg(LEGS[2]!.id, 'in')).toBe(false)
  })

  it('finds legs by counterparty, own wallet, note, tag, id start and hash start', () => {
    const ids = (filter: Parameters<LedgerRepo['page']>[0]) =>
      ledger.page(filter, undefined, 50).rows.map((r) => `${r.id} ${r.direction}`)
    const leg = (i: number) => `${LEGS[i]!.id} ${LEGS[i]!.direction}`
    expect(ids({ text: OUTSIDER.address.slice(2, 14) })).toEqual([leg(2), leg(0)])
    expect(ids({ text: 'ops' })).toEqual([leg(7), leg(6)])
    expect(ids({ text: 'treasury', direction: 'out' })).toEqual([leg(8), leg(6), leg(2)])
    expect(ids({ text: 'invoice 4471' })).toEqual([leg(2)])
    expect(ids({ tag: 'q4' })).toEqual([leg(4), leg(2)])
    expect(ids({ text: '00000000-0000-4000-8000-000000000007' })).toEqual([leg(7), leg(6)])
    expect(ids({ text: '00000000-0000-4000' })).toHaveLength(7)
    expect(ids({ text: 'TX-LEG' })).toEqual([leg(4)])
    expect(ids({ text: `0x${HEX.slice(0, 15)}` })).toEqual([leg(8), leg(3)])
    expect(ids({ text: '5verv8nmvz' })).toEqual([leg(5)])
  })

  it('writes a changed leg over its row, and refuses a second row of one (id, direction) whatever writes it', () => {
    const changed = { ...LEGS[4]!, status: 'completed' }
    store.transaction('test', () => ledger.replaceMovement(changed.id, [changed], READ_MS, READ_MS))
    expect(ledger.legs(changed.id)).toEqual([asRow(changed)])
    expect([...ledger.rows({})]).toHaveLength(LEGS.length)
    const db = store.repo((d) => d)
    const copy = `INSERT INTO ledger_legs (id, direction, at_ms, asset, status, final, amount, from_party, to_party, read_at_ms)
      SELECT id, direction, at_ms, asset, status, final, amount, from_party, to_party, read_at_ms FROM ledger_legs WHERE seq = ?`
    for (const seq of [1, 5]) expect(() => db.prepare(copy).run(seq)).toThrow(/UNIQUE/)
  })
})
