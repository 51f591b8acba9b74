import type { DatabaseSync } from 'node:sqlite'
import { DeskError } from '../../errors'

/** One step of the schema: see index.ts for the order, and docs/developer-guide.md for adding one. */
export interface Migration {
  /** The `PRAGMA user_version` the database has after this step. */
  version: number
  name: string
  sql: string
  /** Work SQL cannot do (a rule that lives in shared/), run after `sql` in the same transaction. */
  after?: (db: DatabaseSync) => void
}

/**
 * A step's rows, each checked by the step's own guard (a step imports no schema from today's code): a damaged one
 * stops the upgrade with `record_corrupt` naming the table, and the transaction leaves the file as it was.
 */
export function stepRows<T>(rows: readonly unknown[], isRow: (row: unknown) => row is T, table: string): T[] {
  return rows.map((row) => {
    if (isRow(row)) return row
    throw new DeskError(
      'record_corrupt',
      `A row of the local store's ${table} table is damaged; the store was not upgraded. Export the audit log and ` +
        `contact support.`,
    )
  })
}
