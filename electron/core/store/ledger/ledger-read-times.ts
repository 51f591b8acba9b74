import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { rowOf, rowsOf } from '../scalar-rows'

const ReadTimeRow = z.object({ id: z.number(), ms: z.number() })

/**
 * When the legs were read from the provider, each time stored once in `ledger_read_times` (migration 17): the legs of
 * one synced page share it, and a leg's `read_at_ms` holds its number (1 or 2 bytes instead of 6). Before migration 17
 * (a migration step reading an older ledger) the column holds the time itself.
 */
export class LedgerReadTimes {
  private readonly ids = new Map<number, number>()
  private readonly times = new Map<number, number>()
  private present: boolean | null = null
  /** The highest number remembered, or -1. */
  private newest = -1

  constructor(private readonly db: DatabaseSync) {}

  /** The number a leg stores for the time `ms`, adding the time when it is new. */
  intern(ms: number): number {
    if (!this.numbered()) return ms
    const known = this.ids.get(ms)
    if (known !== undefined) return known
    const row = this.db
      .prepare('INSERT INTO ledger_read_times (ms) VALUES (?) ON CONFLICT (ms) DO UPDATE SET ms = ms RETURNING id')
      .get(ms)
    const { id } = rowOf(ReadTimeRow.pick({ id: true }), row, 'ledger_read_times')
    this.remember(id, ms)
    return id
  }

  /**
   * A stored number as its time; a number no time has reads as null (the column rule refuses it), anything else as it
   * is.
   */
  spell(value: unknown): unknown {
    if (typeof value !== 'number' || !this.numbered()) return value
    if (!this.times.has(value)) this.load()
    return this.times.get(value) ?? null
  }

  /** Before a write: a time the highest number remembered no longer stands for was rolled back (ledger-words.ts). */
  begin(): void {
    const newest = this.newest
    if (
      newest >= 0 &&
      !this.db.prepare('SELECT 1 FROM ledger_read_times WHERE id = ? AND ms = ?').get(newest, this.times.get(newest)!)
    )
      this.forget()
  }

  /** After a write was rolled back or the ledger cleared: times it added may be gone. */
  forget(): void {
    this.ids.clear()
    this.times.clear()
    this.newest = -1
  }

  private remember(id: number, ms: number): void {
    this.ids.set(ms, id)
    this.times.set(id, ms)
    this.newest = Math.max(this.newest, id)
  }

  private numbered(): boolean {
    this.present ??=
      this.db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'ledger_read_times'").get() !==
      undefined
    return this.present
  }

  private load(): void {
    this.forget()
    const rows = this.db.prepare('SELECT id, ms FROM ledger_read_times').all()
    for (const { id, ms } of rowsOf(ReadTimeRow, rows, 'ledger_read_times')) this.remember(id, ms)
  }
}
