import { mkdtemp, rm } from 'node:fs/promises'
import type { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Withdrawal } from '../../../shared/api/resources'
import { openDatabase, STORE_FILE } from '../../../electron/core/store'
import { AuditChain } from '../../../electron/core/store/audit/audit-chain'
import { OutboxRepo } from '../../../electron/core/store/outbox/outbox-repo'
import { PayoutIndex } from '../../../electron/core/store/outbox/payout-index'
import { WithdrawalCache } from '../../../electron/core/store/payouts/withdrawal-cache'
import { inTransaction } from '../../../electron/core/store/transaction'

/** The database, with a count of the writes to the payout search index. */
function countingIndexWrites(db: DatabaseSync): { db: DatabaseSync; writes: () => number } {
  let writes = 0
  const proxy = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown
      if (prop !== 'prepare')
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
      return (sql: string) => {
        const statement = target.prepare(sql)
        if (!sql.trimStart().startsWith('INSERT INTO payout_index')) return statement
        return new Proxy(statement, {
          get(s, p) {
            const fn = Reflect.get(s, p, s) as unknown
            if (p !== 'run') return typeof fn === 'function' ? (fn as (...a: unknown[]) => unknown).bind(s) : fn
            return (...args: never[]) => ((writes += 1), statement.run(...args))
          },
        })
      }
    },
  })
  return { db: proxy, writes: () => writes }
}

let dir: string
let db: DatabaseSync
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payout-index-writes-'))
  db = openDatabase(join(dir, STORE_FILE))
})
afterEach(async () => {
  db.close()
  await rm(dir, { recursive: true, force: true })
})

it("an accepted payout's search row is written once in the commit that records it, with the provider's status", () => {
  const at = '2026-11-28T08:00:00.000Z'
  const body = { wallet_id: 'w1', asset: 'USDC', amount: '1.5', destination: '0xabc', network: 'ethereum-sepolia' }
  new OutboxRepo(db).insert({ idempotencyKey: 'k1', body, createdAt: at, requestedBy: 'me', state: 'sending' }, 'me')
  const withdrawal: Withdrawal = {
    id: 'wd-1',
    status: 'pending_approval',
    wallet_id: 'w1',
    asset: 'USDC',
    amount: '1.5',
    destination: '0xabc',
    network: 'ethereum-sepolia',
    tx_hash: null,
    created_at: at,
    updated_at: at,
  }
  const counted = countingIndexWrites(db)
  const outbox = new OutboxRepo(counted.db)
  const cache = new WithdrawalCache(counted.db, 'me', new AuditChain(counted.db))
  // As the outbox records an accepted payout: the move and the provider's answer in one transaction.
  inTransaction(counted.db, () => {
    outbox.transition('k1', () => ({ state: 'accepted', withdrawalId: 'wd-1', error: null }), 'me', at)
    cache.put(withdrawal)
  })
  expect(counted.writes()).toBe(1)
  expect(new PayoutIndex(db).find('wd-1')).toMatchObject({
    id: 'k1',
    hit: { payoutId: 'wd-1', idempotencyKey: 'k1', status: 'pending_approval' },
  })
  // Outside a transaction each write is its own commit and rewrites the row at once.
  cache.put({ ...withdrawal, status: 'approved' })
  expect(counted.writes()).toBe(2)
  expect(new PayoutIndex(db).find('k1').hit.status).toBe('approved')
})

it('a transaction rolled back writes no search row, and leaves nothing for the next one to write', () => {
  const counted = countingIndexWrites(db)
  const outbox = new OutboxRepo(counted.db)
  const at = '2026-11-28T08:00:00.000Z'
  const body = { wallet_id: 'w1', asset: 'USDC', amount: '2', destination: '0xabc', network: 'ethereum-sepolia' }
  expect(() =>
    inTransaction(counted.db, () => {
      outbox.insert({ idempotencyKey: 'k2', body, createdAt: at, requestedBy: 'me', state: 'sending' }, 'me')
      throw new Error('disk gone')
    }),
  ).toThrow('disk gone')
  inTransaction(counted.db, () => db.prepare("UPDATE outbox SET state = state WHERE key = 'none'").run())
  expect(counted.writes()).toBe(0)
  expect(() => new PayoutIndex(db).find('k2')).toThrow()
})
