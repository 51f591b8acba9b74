import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import {
  waitFor,
  type PacerLedger,
  type PacerUsage,
  type PacingRule,
  type Priority,
  type TakeResult,
} from '../../api/pacing-rule'
import { rowOf, rowsOf } from '../scalar-rows'
import { inTransaction } from '../transaction'
import { ODD_END } from './pacer-counts'
import { statement } from '../statement-cache'

const Slot = z.object({ ended_ms: z.number().nullable(), priority: z.enum(['interactive', 'background']) })
const Count = z.object({
  n: z.number().int(),
  background: z.number().int().nullable(),
})
const Block = z.object({ until_ms: z.number() })

/**
 * The key's request log in the profile's store: every process that signs with the key reserves
 * its slot here, inside a write transaction, before it signs, so together they never exceed the
 * provider's window; a Retry-After learnt by one holds for all, and a person's request waiting in
 * one makes the background work of all of them yield.
 */
export class StorePacerLedger implements PacerLedger {
  constructor(
    private readonly db: DatabaseSync,
    private readonly bucket: string,
    private readonly process: string,
  ) {}

  take(now: number, rule: PacingRule, priority: Priority): TakeResult {
    return inTransaction(this.db, () => {
      this.prune(now, rule)
      // Counted as the slots change (pacer_counts): a window short of every cap never waits on its slots, so they are
      // read only when one is reached (a large batch against a generous limit would otherwise read the whole window).
      const { n, background } = this.counts()
      const odd = statement(
        this.db,
        `SELECT 1 FROM pacer_slots INDEXED BY pacer_slots_odd WHERE bucket = ? AND ${ODD_END} LIMIT 1`,
      ).get(this.bucket)
      // A slot whose end is not a number is read (and refused as damage), never counted past.
      const full =
        odd !== undefined ||
        n >= rule.limit ||
        (priority === 'background' && (n >= rule.limit - rule.reserve || (background ?? 0) >= rule.backgroundLimit))
      const slots = full
        ? rowsOf(
            Slot,
            statement(this.db, 'SELECT ended_ms, priority FROM pacer_slots WHERE bucket = ?').all(this.bucket),
            'pacer_slots',
          ).map((r) => ({ end: r.ended_ms, priority: r.priority }))
        : []
      const wait = waitFor(
        slots,
        this.blockedUntil(),
        now,
        rule,
        priority,
        priority === 'background' && this.personWaits(now),
      )
      if (wait > 0) return { waitMs: wait }
      const insert = statement(
        this.db,
        'INSERT INTO pacer_slots (bucket, started_ms, process, priority) VALUES (?, ?, ?, ?)',
      )
      return { slot: Number(insert.run(this.bucket, now, this.process, priority).lastInsertRowid) }
    })
  }

  end(slot: number, now: number): void {
    statement(this.db, 'UPDATE pacer_slots SET ended_ms = ? WHERE id = ? AND ended_ms IS NULL').run(now, slot)
  }

  block(untilMs: number): boolean {
    return inTransaction(this.db, () => {
      if (untilMs <= this.blockedUntil()) return false
      statement(
        this.db,
        'INSERT INTO pacer_blocks (bucket, until_ms) VALUES (?, ?) ON CONFLICT(bucket) DO UPDATE SET ' +
          'until_ms = excluded.until_ms',
      ).run(this.bucket, untilMs)
      return true
    })
  }

  waiting(untilMs: number): void {
    if (untilMs === 0)
      statement(this.db, 'DELETE FROM pacer_waiting WHERE bucket = ? AND process = ?').run(this.bucket, this.process)
    else
      statement(
        this.db,
        'INSERT INTO pacer_waiting (bucket, process, until_ms) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET ' +
          'until_ms = excluded.until_ms',
      ).run(this.bucket, this.process, untilMs)
  }

  usage(now: number, rule: PacingRule): PacerUsage {
    // The window's count less its slots answered before the horizon that no request has pruned yet (a range of the
    // index), in one statement so both are read at one instant; a slot whose end is not a number stays counted.
    const row = statement(
      this.db,
      'SELECT c.n - e.n AS n, c.background - COALESCE(e.background, 0) AS background FROM pacer_counts c, ' +
        "(SELECT COUNT(*) AS n, SUM(priority = 'background') AS background FROM pacer_slots WHERE bucket = ?1 " +
        'AND ended_ms <= ?2) e WHERE c.bucket = ?1',
    ).get(this.bucket, now - rule.windowMs - rule.marginMs)
    const { n, background } = row === undefined ? { n: 0, background: 0 } : rowOf(Count, row, 'pacer_counts')
    return {
      used: n,
      background: background ?? 0,
      blockedUntil: this.blockedUntil(),
      interactiveWaiting: this.personWaits(now),
    }
  }

  private counts(): { n: number; background: number } {
    const row = statement(this.db, 'SELECT n, background FROM pacer_counts WHERE bucket = ?').get(this.bucket)
    const counted = row === undefined ? { n: 0, background: 0 } : rowOf(Count, row, 'pacer_counts')
    return { n: counted.n, background: counted.background ?? 0 }
  }

  /** A mark a process left and did not refresh (it ended, or was killed) lapses by itself within a second or two. */
  private personWaits(now: number): boolean {
    return (
      statement(this.db, 'SELECT 1 FROM pacer_waiting WHERE bucket = ? AND until_ms > ? LIMIT 1').get(
        this.bucket,
        now,
      ) !== undefined
    )
  }

  private blockedUntil(): number {
    const row = statement(this.db, 'SELECT until_ms FROM pacer_blocks WHERE bucket = ?').get(this.bucket)
    return row === undefined ? 0 : rowOf(Block, row, 'pacer_blocks').until_ms
  }

  private prune(now: number, rule: PacingRule): void {
    statement(this.db, 'DELETE FROM pacer_slots WHERE bucket = ? AND ended_ms IS NOT NULL AND ended_ms <= ?').run(
      this.bucket,
      now - rule.windowMs - rule.marginMs,
    )
  }
}
