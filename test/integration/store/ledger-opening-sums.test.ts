import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { reconcile, type ReportPeriod } from '../../../electron/core/history/reconciliation'
import { RollForwardTally } from '../../../electron/core/history/roll-forward'
import {
  DeskStore,
  ledgerRepo,
  MIGRATIONS,
  openDatabase,
  STORE_FILE,
  type LedgerRepo,
} from '../../../electron/core/store'
import { amountText } from '../../../electron/core/store/ledger/ledger-amounts'
import { createdAtSql } from '../../../electron/core/store/ledger/ledger-created-at'
import { hashText, idText } from '../../../electron/core/store/ledger/ledger-keys'
import { amountKey } from '../../../shared/api/amount-key'
import type { TransactionLeg } from '../../../shared/api/resources'
import { sampleLeg } from '../../harness/sample-leg'

const DAY = 86_400_000
const T0 = Date.parse('2026-01-01T00:00:00.000Z')
const SYNCED = Date.parse('2026-07-01T00:00:00.000Z')
const WALLETS = ['w1', 'w2']
const STATUSES = ['completed', 'completed', 'completed', 'broadcasting', 'failed']

/** Legs a few hours apart over five months, both wallets, all three directions, fees in ETH or the leg's own asset. */
function history(from: number, count: number): TransactionLeg[] {
  return Array.from({ length: count }, (_, i) => {
    const direction = (['in', 'out', 'in', 'internal', 'out'] as const)[i % 5]!
    const asset = i % 3 === 0 ? 'USDC' : 'ETH'
    const iso = new Date(T0 + (from + i) * 5 * 3_600_000).toISOString()
    return sampleLeg(from + i, {
      // Every seventh time in another ISO 8601 form than JavaScript's, which the ledger keeps as written.
      created_at: i % 7 === 0 ? iso.replace('.000Z', 'Z') : iso,
      direction,
      amount: `${(i % 97) + 1}.${String(i % 1000).padStart(3, '0')}`,
      asset,
      fee: direction === 'out' ? `0.00${(i % 9) + 1}` : null,
      fee_asset: direction === 'out' && asset === 'USDC' ? 'ETH' : null,
      status: STATUSES[i % STATUSES.length]!,
      wallet_id: WALLETS[i % 2]!,
    })
  })
}

const walk = {
  after: null,
  before: null,
  cursor: null,
  newest: SYNCED,
  oldest: T0,
  pages: 1,
  rows: 0,
  startedAt: SYNCED,
}
/** Mid-April to the last sync: the opening crosses the month boundary of April 1st. */
const PERIOD: ReportPeriod = { from: '2026-04-17T13:00:00.000Z', to: new Date(SYNCED).toISOString() }

/** The roll-forward summed leg by leg from the first movement: what the kept sums must reproduce. */
function slow(ledger: LedgerRepo, period: ReportPeriod) {
  const roll = new RollForwardTally(Date.parse(period.from), true)
  for (const walletId of period.walletIds ?? [undefined])
    for (const leg of ledger.tallies({ to: period.to, walletId })) roll.add(leg)
  return roll.rows()
}

describe('the opening balances kept per month', () => {
  let dir: string
  let store: DeskStore
  let ledger: LedgerRepo
  let db: DatabaseSync
  const commit = (legs: TransactionLeg[]) =>
    store.transaction('test', () => ledger.commitPage(legs, walk, true, SYNCED, SYNCED + DAY))
  const fastIsUsed = () => expect(ledger.openingBefore(Date.parse('2026-04-01T00:00:00.000Z'))).not.toBeNull()
  const same = (period: ReportPeriod = PERIOD) => {
    const fast = reconcile(ledger, period).rollForward.rows
    expect(fast.length).toBeGreaterThanOrEqual(2)
    expect(fast).toEqual(slow(ledger, period))
  }

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'opening-sums-'))
    store = DeskStore.open(dir, 'test')
    ledger = store.repo(ledgerRepo)
    db = store.repo((d) => d)
    store.transaction('test', () => ledger.bind('test'))
    commit(history(0, 800))
  })
  afterEach(async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('equal the sum of every leg before the period, across a month boundary, for all wallets and for one', () => {
    fastIsUsed()
    same()
    same({ ...PERIOD, walletIds: ['w2'] })
    same({ from: '2026-05-01T00:00:00.000Z', to: PERIOD.to })
    same({ from: '2026-04-30T23:59:59.999Z', to: PERIOD.to })
  })

  it('follow legs arriving late (recorded in an earlier month, written after)', () => {
    commit(history(10_000, 1).map((l) => ({ ...l, created_at: '2026-02-03T04:05:06.789Z', amount: '1000' })))
    commit(history(10_001, 1).map((l) => ({ ...l, created_at: '2026-04-01T00:00:00.000Z', amount: '77' })))
    fastIsUsed()
    same()
  })

  it('follow a leg whose status, amount or time changes', () => {
    const legs = history(0, 800)
    const pending = legs.filter((l) => l.status === 'broadcasting').slice(0, 20)
    commit(pending.slice(0, 10).map((l) => ({ ...l, status: 'failed' })))
    commit(pending.slice(10).map((l) => ({ ...l, status: 'completed', amount: '3.5' })))
    commit(
      legs
        .filter((l) => l.status === 'failed')
        .slice(0, 10)
        .map((l) => ({ ...l, status: 'completed' })),
    )
    commit([{ ...legs[5]!, created_at: '2026-05-20T00:00:00.000Z' }])
    fastIsUsed()
    same()
  })

  it('a row deleted or edited behind the repository leaves them stale: reports sum leg by leg, the next write counts them again', () => {
    const completed = "(SELECT id FROM ledger_words WHERE word = 'completed')"
    db.prepare(
      `DELETE FROM ledger_legs WHERE seq IN (SELECT seq FROM ledger_legs WHERE at_ms < ? AND status = ${completed} LIMIT 3)`,
    ).run(Date.parse('2026-03-01T00:00:00.000Z'))
    expect(ledger.openingBefore(Date.parse('2026-04-01T00:00:00.000Z'))).toBeNull()
    same()
    db.prepare(
      `UPDATE ledger_legs SET amount = '999' WHERE seq = (SELECT MIN(seq) FROM ledger_legs WHERE status = ${completed})`,
    ).run()
    commit(history(20_000, 1))
    fastIsUsed()
    same()
  })

  it('a compact leg is found as before: by a tx hash start shorter or longer than its indexed part, in any case, and by amount', () => {
    const hashed = history(30_000, 40).map((l, i) => ({
      ...l,
      tx_hash: `0x${(i * 7919).toString(16).padStart(8, '0')}${'ab'.repeat(28)}`,
    }))
    commit(hashed)
    const target = hashed[17]!.tx_hash!
    for (const text of [target.slice(0, 10), target.slice(0, 30).toUpperCase(), target]) {
      expect(ledger.page({ text }, undefined, 50).rows.map((r) => r.tx_hash)).toEqual([target])
    }
    const all = [...ledger.rows({})]
    const between = ledger.page({ minAmount: '10.5', maxAmount: '20' }, undefined, 1_000).rows
    expect(between.map((r) => r.id).sort()).toEqual(
      all
        .filter((r) => Number(r.amount) >= 10.5 && Number(r.amount) <= 20)
        .map((r) => r.id)
        .sort(),
    )
  })

  it('migration step 6 counts them for a ledger written at version 5', () => {
    const at = join(dir, 'v5')
    const old = openDatabase(
      join(at, STORE_FILE),
      MIGRATIONS.filter((m) => m.version <= 5),
    )
    // The same legs as version 5 stored them: every time as text, and the amount's sort key.
    old.function('amount_key', (amount) => amountKey(String(amount)))
    // Ids, hashes and words as text again (migration 13 packs them).
    old.function('id_text', (id) => idText(id) as string)
    old.function('hash_text', (hash) => hashText(hash) as string | null)
    const word = (column: string) => `(SELECT word FROM now.ledger_words WHERE id = ${column})`
    const columns =
      'seq, id, direction, at_ms, wallet_id, asset, network, network_name, status, final, amount, fee, fee_asset, from_party, to_party, tx_hash, read_at_ms'
    // Amounts as text and read times as times again (migration 17 packs them).
    old.function('amount_text', (amount) => amountText(amount) as string | null)
    const values = `seq, id_text(id), direction, at_ms, ${['wallet_id', 'asset', 'network', 'network_name', 'status'].map(word).join(', ')}, final, amount_text(amount),
      amount_text(fee), ${word('fee_asset')}, from_party, to_party, hash_text(tx_hash), (SELECT ms FROM now.ledger_read_times WHERE id = read_at_ms)`
    old.exec(`ATTACH '${join(dir, STORE_FILE)}' AS now;
      INSERT INTO ledger_state (id, scope, complete, high_water_ms, synced_at_ms) SELECT id, scope, complete, high_water_ms, synced_at_ms FROM now.ledger_state;
      INSERT INTO ledger_parties SELECT id, json_array(name, address), name, address, coalesce(search, ' ' || lower(address)) FROM now.ledger_parties;
      INSERT INTO ledger_legs (${columns}, created_at, amount_key) SELECT ${values}, ${createdAtSql('now.ledger_legs')}, amount_key(amount) FROM now.ledger_legs;
      DETACH now`)
    expect(
      (old.prepare('SELECT COUNT(*) AS n FROM ledger_legs WHERE created_at IS NULL').get() as { n: number }).n,
    ).toBe(0)
    old.close()
    const migrated = DeskStore.open(at, 'test')
    try {
      const before = ledger
      ledger = migrated.repo(ledgerRepo)
      fastIsUsed()
      same()
      const rows = [...ledger.rows({})]
      expect(rows).toHaveLength(800)
      expect(rows).toEqual([...before.rows({})])
      expect(rows.filter((r) => !r.created_at.endsWith('.000Z')).length).toBeGreaterThan(100)
      const stored = migrated
        .repo((d) => d)
        .prepare('SELECT COUNT(*) AS n FROM ledger_legs WHERE created_at IS NOT NULL')
        .get() as { n: number }
      expect(stored.n).toBe(rows.filter((r) => !r.created_at.endsWith('.000Z')).length)
    } finally {
      migrated.close()
    }
  })
})
