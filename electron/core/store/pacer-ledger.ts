import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { waitFor, type PacerLedger, type PacingRule, type TakeResult } from '../api/pacer'
import { rowOf } from './scalar-rows'
import { inTransaction } from './transaction'

const Slots = z.object({ n: z.number().int(), oldest: z.number().nullable() })
const Count = z.object({ n: z.number().int() })
const Block = z.object({ until_ms: z.number() })

/**
 * The key's request log in the profile's store: every process that signs with the key reserves
 * its slot here, inside a write transaction, before it signs, so together they never exceed the
 * provider's window; a Retry-After learnt by one holds for all.
 */
export class StorePacerLedger implements PacerLedger {
  constructor(
    private readonly db: DatabaseSync,
    private readonly bucket: string,
    private readonly process: string,
  ) {}

  take(now: number, rule: PacingRule): TakeResult {
    return inTransaction(this.db, () => {
      this.prune(now, rule)
      const { n, oldest } = rowOf(Slots, this.db.prepare('SELECT COUNT(*) AS n, MIN(ended_ms) AS oldest FROM pacer_slots WHERE bucket = ?').get(this.bucket), 'pacer_slots')
      // Counted in SQL, not read slot by slot: a window short of the limit is never full; a full one needs its oldest.
      const ends = n >= rule.limit ? Array<number | null>(n).fill(oldest) : []
      const wait = waitFor(ends, this.blockedUntil(), now, rule)
      if (wait > 0) return { waitMs: wait }
      const slot = this.db.prepare('INSERT INTO pacer_slots (bucket, started_ms, process) VALUES (?, ?, ?)').run(this.bucket, now, this.process).lastInsertRowid
      return { slot: Number(slot) }
    })
  }

  end(slot: number, now: number): void {
    this.db.prepare('UPDATE pacer_slots SET ended_ms = ? WHERE id = ? AND ended_ms IS NULL').run(now, slot)
  }

  block(untilMs: number): boolean {
    return inTransaction(this.db, () => {
      if (untilMs <= this.blockedUntil()) return false
      this.db.prepare('INSERT INTO pacer_blocks (bucket, until_ms) VALUES (?, ?) ON CONFLICT(bucket) DO UPDATE SET until_ms = excluded.until_ms').run(this.bucket, untilMs)
      return true
    })
  }

  usage(now: number, rule: PacingRule): { used: number; blockedUntil: number } {
    const horizon = now - rule.windowMs - rule.marginMs
    const used = rowOf(Count, this.db.prepare('SELECT COUNT(*) AS n FROM pacer_slots WHERE bucket = ? AND (ended_ms IS NULL OR ended_ms > ?)').get(this.bucket, horizon), 'pacer_slots').n
    return { used, blockedUntil: this.blockedUntil() }
  }

  private blockedUntil(): number {
    const row = this.db.prepare('SELECT until_ms FROM pacer_blocks WHERE bucket = ?').get(this.bucket)
    return row === undefined ? 0 : rowOf(Block, row, 'pacer_blocks').until_ms
  }

  private prune(now: number, rule: PacingRule): void {
    this.db.prepare('DELETE FROM pacer_slots WHERE bucket = ? AND ended_ms IS NOT NULL AND ended_ms <= ?').run(this.bucket, now - rule.windowMs - rule.marginMs)
  }
}
