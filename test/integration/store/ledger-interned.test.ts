import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DeskStore,
  ledgerRepo,
  MIGRATIONS,
  openDatabase,
  STORE_FILE,
  type LedgerRepo,
} from '../../../electron/core/store'
import { isFinalLegStatus } from '../../../shared/api/leg-status'
import type { LedgerRow } from '../../../shared/api/ledger-query'
import type { TransactionLeg } from '../../../shared/api/resources'
import { oldLedgerStatements, storeFromVersion, type MigratedStore } from '../../harness/migrated-store'
import { sampleLeg } from '../../harness/sample-leg'

const READ_MS = Date.parse('2026-11-02T00:00:00.000Z')
const HEX = 'ab'.repeat(31)

/** Legs of every shape migration 13 packs or leaves alone, each as version 12 wrote it. */
const LEGS: Array<TransactionLeg & { bait: 0 | 1 | null }> = [
  { ...sampleLeg(1, { created_at: '2026-10-01T08:00:00Z', tx_hash: `0x00${HEX}` }), bait: null },
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
      tx_hash: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
      network: 'solana-devnet',
      network_name: 'Solana Devnet',
    }),
    bait: 0,
  },
  {
    ...sampleLeg(6, {
      created_at: '2026-10-06T08:00:00.000Z',
      direction: 'out',
      id: 'ABCDEF00-0000-4000-8000-000000000007',
      tx_hash: `0x${HEX}a`,
    }),
    bait: null,
  },
]

/** Writes the legs straight into a ledger of version 12, as its repository stored them (text ids, hashes and words). */
function writeAtVersion12(db: DatabaseSync): void {
  const { partyId, put } = oldLedgerStatements(db)
  for (const l of LEGS) {
    const atMs = Date.parse(l.created_at)
    const createdAt = new Date(atMs).toISOString() === l.created_at ? null : l.created_at
    put.run(
      l.id,
      l.direction,
      atMs,
      createdAt,
      l.wallet_id,
      l.asset,
      l.network,
      l.network_name,
      l.status,
      isFinalLegStatus(l.status) ? 1 : 0,
      l.amount,
      l.fee,
      l.fee_asset,
      partyId(l.from),
      partyId(l.to),
      l.tx_hash,
      READ_MS,
      l.bait,
    )
  }
}

const asRow = ({ bait, ...leg }: (typeof LEGS)[number]): LedgerRow => ({
  ...leg,
  read_at: new Date(READ_MS).toISOString(),
  final: isFinalLegStatus(leg.status),
  suspected_poisoning: bait === 1,
})

describe('migration step 13: a ledger of version 12 packed in place', () => {
  let migrated: MigratedStore<void>
  let store: DeskStore
  let ledger: LedgerRepo
  beforeAll(async () => {
    migrated = await storeFromVersion(12, writeAtVersion12)
    store = migrated.store
    ledger = store.repo(ledgerRepo)
  })
  afterAll(() => migrated.close())

  it('reads every leg back as version 12 wrote it, oldest first', () => {
    expect([...ledger.rows({})]).toEqual(LEGS.map(asRow))
    expect(ledger.legs(LEGS[0]!.id)).toEqual([asRow(LEGS[0]!)])
  })

  it('stores lowercase UUIDs and hex hashes as bytes, the repeated words as numbers, and any other form as its text', () => {
    const db = store.repo((d) => d)
    const stored = db
      .prepare(
        'SELECT typeof(id) AS id, typeof(tx_hash) AS hash, typeof(wallet_id) AS wallet, typeof(status) AS status FROM ledger_legs ORDER BY at_ms, seq',
      )
      .all()
    expect(stored.map((r) => Object.values(r as object).join(' '))).toEqual([
      'blob blob integer integer',
      'blob null null integer',
      'blob blob integer integer',
      'blob text integer integer',
      'text null integer integer',
      'blob text integer integer',
      'text text integer integer',
    ])
  })

  it('filters by wallet, asset, network, status, not final and the bait flag as before', () => {
    const ids = (filter: Parameters<LedgerRepo['page']>[0]) => ledger.page(filter, undefined, 50).rows.map((r) => r.id)
    expect(ids({ walletId: 'w2' })).toEqual(['tx-legacy-5'])
    expect(ids({ asset: 'USDC' })).toEqual([LEGS[2]!.id])
    expect(ids({ network: 'solana-devnet' })).toEqual([LEGS[5]!.id])
    expect(ids({ status: 'broadcasting' })).toEqual(['tx-legacy-5'])
    expect(ids({ status: 'not_final' })).toEqual(['tx-legacy-5'])
    expect(ids({ suspectedPoisoning: true })).toEqual([LEGS[3]!.id])
    expect(ids({ asset: 'DOGE' })).toEqual([])
  })

  it('finds legs by the start of their id or tx hash in any case, of odd or even length, packed or not', () => {
    const found = (text: string) =>
      ledger
        .page({ text }, undefined, 50)
        .rows.map((r) => r.tx_hash)
        .sort()
    expect(found('0x00ab')).toEqual([`0x00${HEX}`])
    expect(found('0X00A')).toEqual([`0x00${HEX}`])
    expect(found('ffa')).toEqual([`ff${HEX}`])
    expect(found(`0x${HEX.slice(0, 15)}`)).toEqual([`0X${HEX.toUpperCase()}`, `0x${HEX}a`])
    expect(found(`0x${HEX}a`)).toEqual([`0x${HEX}a`])
    expect(found('5verv8nmvz')).toEqual([LEGS[5]!.tx_hash])
    expect(ledger.page({ text: '00000000-0000-4000-8000-00000000000' }, undefined, 50).rows).toHaveLength(5)
    expect(ledger.page({ text: '00000000-0000-4000-8000-000000000003' }, undefined, 50).rows.map((r) => r.id)).toEqual([
      LEGS[2]!.id,
    ])
    expect(ledger.page({ text: 'TX-LEG' }, undefined, 50).rows.map((r) => r.id)).toEqual(['tx-legacy-5'])
    expect(ledger.hasLeg(LEGS[2]!.id, 'out')).toBe(true)
    expect(ledger.hasLeg(LEGS[2]!.id, 'in')).toBe(false)
  })

  it('writes a changed leg over its packed row, and new words as it meets them', () => {
    const changed = { ...LEGS[1]!, status: 'failed', wallet_id: 'w9' }
    store.transaction('test', () => ledger.replaceMovement(changed.id, [changed], READ_MS, READ_MS))
    expect(ledger.legs(changed.id)).toEqual([asRow({ ...changed, bait: null })])
    expect([...ledger.rows({})]).toHaveLength(LEGS.length)
  })
})

describe('migration step 13 on a damaged leg', () => {
  it('keeps the damage for the read to name: a status of bytes stays bytes, never taken for the number of a word', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ledger-interned-damage-'))
    const old = openDatabase(
      join(dir, STORE_FILE),
      MIGRATIONS.filter((m) => m.version <= 12),
    )
    writeAtVersion12(old)
    old.prepare("UPDATE ledger_legs SET status = x'01' WHERE id = ?").run(LEGS[2]!.id)
    old.close()
    const store = DeskStore.open(dir, 'test')
    try {
      expect(() => [...store.repo(ledgerRepo).rows({})]).toThrow(
        expect.objectContaining({ code: 'record_corrupt', message: expect.stringMatching(/its status is not text/) }),
      )
    } finally {
      store.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
