import type { DatabaseSync } from 'node:sqlite'
import type { LedgerSummary } from '../../../../shared/api/ledger-query'
import { readLedgerState, WalkSchema, type LedgerState, type Walk } from './ledger-state'
import { CountRow } from '../common-rows'
import { rowOf, rowsOf } from '../scalar-rows'
import { DuePendingRow, MarksRow, NextPendingRow } from './ledger-repo-rows'

/** The history sync's progress in the ledger: its walk (the cursor), its last attempt, the movements it re-reads. */
export class LedgerSyncProgress {
  /** The legs counted, and the database's change marks when they were: equal marks mean nothing was written since. */
  private counted: { marks: string; rows: number } | null = null

  constructor(private readonly db: DatabaseSync) {}

  state(): LedgerState {
    return readLedgerState(this.db)
  }

  saveWalk(walk: Walk | null): void {
    this.db
      .prepare('UPDATE ledger_state SET walk = ? WHERE id = 1')
      .run(walk === null ? null : JSON.stringify(WalkSchema.parse(walk)))
  }

  /** The walk's last page is on disk: the high-water mark moves to the newest leg seen and the walk ends. */
  finishWalk(walk: Walk): void {
    const state = this.state()
    const highWater = Math.max(state.highWaterMs ?? -Infinity, walk.newest ?? -Infinity)
    this.db
      .prepare(
        'UPDATE ledger_state SET complete = 1, high_water_ms = ?, synced_at_ms = ?, walk = NULL, last_error ' +
          '= NULL WHERE id = 1',
      )
      .run(Number.isFinite(highWater) ? highWater : null, walk.startedAt)
  }

  recordAttempt(atMs: number, error: string | null): void {
    this.db.prepare('UPDATE ledger_state SET last_attempt_ms = ?, last_error = ? WHERE id = 1').run(atMs, error)
  }

  /** Movements not final whose next re-read is due, soonest first, with how often they were read. */
  duePending(nowMs: number, limit: number): Array<{ id: string; attempts: number }> {
    const rows = this.db
      .prepare('SELECT id, attempts FROM ledger_pending WHERE next_check_ms <= ? ORDER BY next_check_ms LIMIT ?')
      .all(nowMs, limit)
    return rowsOf(DuePendingRow, rows, 'ledger_pending')
  }

  nextPendingMs(): number | null {
    const row = this.db.prepare('SELECT MIN(next_check_ms) AS next FROM ledger_pending').get()
    return rowOf(NextPendingRow, row, 'ledger_pending').next
  }

  summary(): LedgerSummary {
    const s = this.state()
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
    const rows = this.legCount()
    const notFinal = this.count('SELECT COUNT(*) AS n FROM ledger_legs WHERE final = 0')
    return {
      rows,
      notFinal,
      complete: s.complete,
      syncedAt: iso(s.syncedAtMs),
      walk: s.walk && {
        pages: s.walk.pages,
        rows: s.walk.rows,
        startedAt: iso(s.walk.startedAt)!,
        reachedBack: iso(s.walk.oldest),
      },
      lastError: s.lastError,
      lastAttemptAt: iso(s.lastAttemptMs),
    }
  }

  /**
   * How many legs the ledger holds. Counting reads an index entry per leg (a million on a large ledger, most of the
   * screen's open), so the count is kept until this connection or another one writes to the database.
   */
  private legCount(): number {
    const { own, other } = rowOf(
      MarksRow,
      this.db.prepare('SELECT total_changes() AS own, (SELECT data_version FROM pragma_data_version) AS other').get(),
      'data_version',
    )
    const marks = `${own}/${other}`
    if (this.counted?.marks === marks) return this.counted.rows
    const rows = this.count('SELECT COUNT(*) AS n FROM ledger_legs')
    // Inside a transaction the writes may yet be rolled back without moving the marks: not kept.
    this.counted = this.db.isTransaction ? null : { marks, rows }
    return rows
  }

  private count(sql: string): number {
    return rowOf(CountRow, this.db.prepare(sql).get(), 'ledger_legs').n
  }
}
