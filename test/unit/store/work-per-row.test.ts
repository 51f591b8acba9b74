import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import type { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Withdrawal } from '../../../shared/api/resources'
import { openDatabase, STORE_FILE, WaitNoticeRepo } from '../../../electron/core/store'
import { StorePacerLedger } from '../../../electron/core/store/pacing/pacer-ledger'
import { AuditChain } from '../../../electron/core/store/audit/audit-chain'
import { WithdrawalCache } from '../../../electron/core/store/payouts/withdrawal-cache'
import { WAITING_SINCE } from '../../../electron/core/store/payouts/work-per-row-indexes'

/**
 * What the desk asks of the store after each outbox change must not read every other row: a 5,000-row batch made
 * that 5,000 × 5,000 reads. Counted here by the rows SQLite hands back and by the query plans, never by time.
 */

type Args = Array<string | number | null>

/** The database, with `seen` told of every statement run: its SQL, the method, its arguments and what it handed back. */
function watched(
  db: DatabaseSync,
  seen: (sql: string, method: PropertyKey, args: Args, result: unknown) => void,
): DatabaseSync {
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown
      if (prop !== 'prepare')
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
      return (sql: string) => {
        const statement = target.prepare(sql)
        return new Proxy(statement, {
          get(st, p) {
            const fn = Reflect.get(st, p, st) as unknown
            if (typeof fn !== 'function') return fn
            return (...args: Args) => {
              const result = (fn as (...a: unknown[]) => unknown).apply(st, args)
              seen(sql, p, args, result)
              return result
            }
          },
        })
      }
    },
  })
}

/** The database, with a count of every row a statement handed back. */
function counting(db: DatabaseSync): { db: DatabaseSync; rows: () => number } {
  let rows = 0
  const counted = watched(db, (_sql, method, _args, result) => {
    if (method === 'all') rows += (result as unknown[]).length
    if (method === 'get') rows += result === undefined ? 0 : 1
  })
  return { db: counted, rows: () => rows }
}

const plan = (db: DatabaseSync, sql: string, ...params: Array<string | number | null>) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail).join('; ')

function withdrawal(createdAt: string): Withdrawal {
  return {
    id: randomUUID(),
    status: 'pending_approval',
    wallet_id: 'w1',
    asset: 'USDC',
    amount: '1.5',
    destination: '0x52908400098527886E0F7030069857D2E4169EE7',
    network: 'ethereum-sepolia',
    tx_hash: null,
    created_at: createdAt,
    updated_at: createdAt,
  }
}

describe('work per outbox change does not grow with the rows already there', () => {
  let dir: string
  let db: DatabaseSync
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'work-per-row-'))
    db = openDatabase(join(dir, STORE_FILE))
  })
  afterEach(async () => {
    db.close()
    await rm(dir, { recursive: true, force: true })
  })

  it("a batch's counts by state and the accepted single payouts are answered from an index, no outbox row read", () => {
    expect(plan(db, 'SELECT state, COUNT(*) AS n FROM outbox WHERE batch_id = ? GROUP BY state', 'b1')).toContain(
      'COVERING INDEX outbox_batch_state',
    )
    expect(plan(db, "SELECT key FROM outbox WHERE state = 'accepted' AND batch_id IS NULL")).toContain(
      'INDEX outbox_batch_state (batch_id=? AND state=?)',
    )
  })

  it('payouts waiting for approval that are not due yet are not read; the due ones are, whatever their offset', () => {
    const cache = new WithdrawalCache(db, 'me', new AuditChain(db))
    const now = Date.parse('2026-11-28T12:00:00.000Z')
    const readSince = '2000-01-01T00:00:00.000Z'
    for (let i = 0; i < 300; i++) cache.put(withdrawal(new Date(now - i * 1_000).toISOString()))
    const due = withdrawal('2026-11-28T12:30:00+02:00')
    cache.put(due)
    cache.put(withdrawal('2026-11-28T12:30:00.000+00:00'))
    const counted = counting(db)
    const cutoff = new Date(now - 15 * 60_000).toISOString()
    expect(new WaitNoticeRepo(counted.db).approvalsDue(cutoff, readSince).map((w) => w.id)).toEqual([due.id])
    expect(counted.rows()).toBe(1)
    const sql = `SELECT id FROM withdrawal_cache WHERE status = 'pending_approval' AND ${WAITING_SINCE} <= julianday(?)`
    expect(plan(db, sql, cutoff)).toContain('INDEX withdrawal_cache_waiting')
  })

  it("the key's pacer counts its window in SQL instead of reading every slot", () => {
    const rule = { limit: 1_000_000, windowMs: 60_000, marginMs: 1_000, backgroundLimit: 500_000, reserve: 10 }
    const ledger = new StorePacerLedger(db, 'key', 'me')
    for (let i = 0; i < 300; i++) {
      const taken = ledger.take(1_000 + i, rule, 'interactive')
      if ('slot' in taken) ledger.end(taken.slot, 1_000 + i)
    }
    const counted = counting(db)
    expect(new StorePacerLedger(counted.db, 'key', 'me').take(2_000, rule, 'interactive')).toHaveProperty('slot')
    expect(counted.rows()).toBeLessThanOrEqual(2)
    const prune = 'DELETE FROM pacer_slots WHERE bucket = ? AND ended_ms IS NOT NULL AND ended_ms <= ?'
    expect(plan(db, prune, 'key', 1_000)).toContain(
      'INDEX pacer_slots_bucket_end (bucket=? AND ended_ms>? AND ended_ms<?)',
    )
  })

  it("the key's window is counted as it changes: no request's statement reads every slot of the window", () => {
    const rule = { limit: 1_000_000, windowMs: 60_000, marginMs: 1_000, backgroundLimit: 500_000, reserve: 10 }
    const ledger = new StorePacerLedger(db, 'key', 'me')
    for (let i = 0; i < 300; i++) {
      const taken = ledger.take(1_000 + i, rule, i % 3 === 0 ? 'background' : 'interactive')
      if ('slot' in taken && i < 200) ledger.end(taken.slot, 1_000 + i)
    }
    const asked: Array<{ sql: string; args: Args }> = []
    const recording = watched(db, (sql, _method, args) => asked.push({ sql, args }))
    const counted = new StorePacerLedger(recording, 'key', 'me')
    // 100 slots (34 of them background) have left the window at 62,099: they were answered at 1,000 to 1,099.
    expect(counted.usage(62_099, rule)).toMatchObject({ used: 200, background: 66 })
    expect(counted.take(62_099, rule, 'background')).toHaveProperty('slot')
    expect(counted.usage(62_099, rule)).toMatchObject({ used: 201, background: 67 })
    const wholeWindow = asked
      .filter((a) => a.sql.includes('pacer_slots') && !a.sql.startsWith('INSERT'))
      .map((a) => plan(db, a.sql, ...a.args))
      .filter((detail) => /SCAN pacer_slots|pacer_slots_bucket_end \(bucket=\?\)/.test(detail))
    expect(wholeWindow).toEqual([])
  })

  it('a full window still waits until its oldest answer leaves it', () => {
    const rule = { limit: 3, windowMs: 60_000, marginMs: 1_000, backgroundLimit: 1, reserve: 0 }
    const ledger = new StorePacerLedger(db, 'key', 'me')
    for (const at of [1_000, 2_000, 3_000]) {
      const taken = ledger.take(at, rule, 'interactive')
      if ('slot' in taken) ledger.end(taken.slot, at + 500)
    }
    expect(ledger.take(4_000, rule, 'interactive')).toEqual({ waitMs: 1_500 + 61_000 - 4_000 })
  })
})
