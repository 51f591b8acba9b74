import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { WithdrawalSchema, type Withdrawal } from '../../../../shared/api/resources'
import type { RepoFactory } from '../repo-factory'
import { rowsOf } from '../scalar-rows'
import { WAITING_SINCE } from './work-per-row-indexes'
import { statement } from '../statement-cache'

export type WaitKind = 'approval' | 'held'

const BodyRowSchema = z.object({ body: z.string() })
const HeldRowSchema = z.object({ key: z.string(), body: z.string(), created_at: z.string() })

/** What a notice says of one payout. `id` is the provider's id (approval) or the Idempotency-Key (held). */
export interface WaitingPayout {
  id: string
  amount: string
  asset: string
  createdAt: string
}

const HeldBody = z.object({ amount: z.string(), asset: z.string() })

function parsed<T>(schema: z.ZodType<T>, json: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(json))
    return result.success ? result.data : null
  } catch {
    return null
  }
}

export class WaitNoticeRepo {
  constructor(private readonly db: DatabaseSync) {}

  /**
   * Cached payouts waiting for approval since `cutoff` (ISO) or before, read at `readSince` or later, not told yet;
   * oldest first.
   */
  approvalsDue(cutoff: string, readSince: string): WaitingPayout[] {
    // Asked on every outbox change: the index by creation instant leaves the payouts not due yet unread. The bound is
    // a second late so a rounding in SQLite never drops one; the exact cut is made below on the parsed time.
    const bound = new Date(Date.parse(cutoff) + 1_000).toISOString()
    const rows = statement(
      this.db,
      `SELECT w.body FROM withdrawal_cache w WHERE w.status = 'pending_approval' AND ${WAITING_SINCE} <= julianday(?)
           AND w.read_at >= ? AND NOT EXISTS (SELECT 1 FROM wait_notices n WHERE n.kind = 'approval' AND n.id = w.id)`,
    ).all(bound, readSince)
    return rowsOf(BodyRowSchema, rows, 'withdrawal_cache')
      .map((r) => parsed(WithdrawalSchema, r.body))
      .filter((w): w is Withdrawal => w !== null && Date.parse(w.created_at) <= Date.parse(cutoff))
      .map((w) => ({ id: w.id, amount: w.amount, asset: w.asset, createdAt: w.created_at }))
      .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
  }

  /** An agent's payouts held for a person, not told yet; oldest first. */
  heldUntold(): WaitingPayout[] {
    const rows = statement(
      this.db,
      `SELECT o.key, o.body, o.created_at FROM outbox o WHERE o.state = 'held'
           AND NOT EXISTS (SELECT 1 FROM wait_notices n WHERE n.kind = 'held' AND n.id = o.key) ORDER BY o.seq`,
    ).all()
    return rowsOf(HeldRowSchema, rows, 'outbox').flatMap((r) => {
      const body = parsed(HeldBody, r.body)
      return body ? [{ id: r.key, amount: body.amount, asset: body.asset, createdAt: r.created_at }] : []
    })
  }

  /** Marks each as told; returns the ones this call marked (another process or window may have told the rest). */
  claim(kind: WaitKind, payouts: readonly WaitingPayout[], at: string): WaitingPayout[] {
    const insert = statement(this.db, 'INSERT OR IGNORE INTO wait_notices (kind, id, at) VALUES (?, ?, ?)')
    return payouts.filter((p) => Number(insert.run(kind, p.id, at).changes) === 1)
  }
}

export const waitNoticeRepo: RepoFactory<WaitNoticeRepo> = (db) => new WaitNoticeRepo(db)
