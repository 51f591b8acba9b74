import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { DECIMAL_PATTERN } from '../../../../shared/api/amount'
import { DeskError } from '../../errors'
import type { RepoFactory } from '../repo-factory'
import { rowOf, rowsOf } from '../scalar-rows'

const TestPayoutRowSchema = z.object({
  key: z.string(),
  full_amount: z.string().regex(DECIMAL_PATTERN),
  created_at: z.string(),
  rest_key: z.string().nullable(),
  dismissed_at: z.string().nullable(),
})

/** A test payout (an outbox entry) and the full amount it stands for: the rest is owed until it is sent or dropped. */
export interface TestPayoutRecord {
  testKey: string
  fullAmount: string
  createdAt: string
  /** The outbox entry that paid the rest, once requested. */
  restKey: string | null
  dismissedAt: string | null
}

const COLUMNS = 'key, full_amount, created_at, rest_key, dismissed_at'

function toRecord(raw: unknown): TestPayoutRecord {
  const r = rowOf(TestPayoutRowSchema, raw, 'test_payouts')
  return {
    testKey: r.key,
    fullAmount: r.full_amount,
    createdAt: r.created_at,
    restKey: r.rest_key,
    dismissedAt: r.dismissed_at,
  }
}

/** Test payouts in the profile's store, so the rest they leave to send survives a restart. */
export class TestPayoutRepo {
  constructor(private readonly db: DatabaseSync) {}

  /** In the transaction that records the test payout's outbox entry. */
  insert(testKey: string, fullAmount: string, createdAt: string): void {
    this.db
      .prepare('INSERT INTO test_payouts (key, full_amount, created_at) VALUES (?, ?, ?)')
      .run(testKey, fullAmount, createdAt)
  }

  /** Those whose rest is neither sent nor dropped, oldest first. */
  open(): TestPayoutRecord[] {
    const rows = this.db
      .prepare(
        `SELECT ${COLUMNS} FROM test_payouts WHERE rest_key IS NULL AND dismissed_at IS NULL ORDER BY created_at`,
      )
      .all()
    return rowsOf(TestPayoutRowSchema, rows, 'test_payouts').map(toRecord)
  }

  get(testKey: string): TestPayoutRecord {
    const raw = this.db.prepare(`SELECT ${COLUMNS} FROM test_payouts WHERE key = ?`).get(testKey)
    if (!raw) throw new DeskError('invalid_input', 'There is no test payout with this Idempotency-Key.')
    return toRecord(raw)
  }

  /** The rest was recorded under `restKey`; only once. */
  setRest(testKey: string, restKey: string): void {
    const done = this.db
      .prepare('UPDATE test_payouts SET rest_key = ? WHERE key = ? AND rest_key IS NULL AND dismissed_at IS NULL')
      .run(restKey, testKey)
    if (done.changes !== 1)
      throw new DeskError('invalid_input', 'The rest of this test payout was already requested or dropped.')
  }

  dismiss(testKey: string, at: string): void {
    this.db
      .prepare('UPDATE test_payouts SET dismissed_at = ? WHERE key = ? AND rest_key IS NULL AND dismissed_at IS NULL')
      .run(at, testKey)
  }
}

export const testPayoutRepo: RepoFactory<TestPayoutRepo> = (db) => new TestPayoutRepo(db)
