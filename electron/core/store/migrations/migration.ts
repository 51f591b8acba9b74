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
    throw damagedStepRow(table)
  })
}

/** `stepRows` for the one row a `.get()` found. */
export function stepRow<T>(row: unknown, isRow: (row: unknown) => row is T, table: string): T {
  return stepRows([row], isRow, table)[0]!
}

/** A column's SQLite type as a step reads it; `?` allows NULL. */
type ColumnType = 'text' | 'integer' | 'text?' | 'integer?'
type ColumnValue<T extends ColumnType> = T extends 'text'
  ? string
  : T extends 'integer'
    ? number
    : T extends 'text?'
      ? string | null
      : number | null

/** A guard for `stepRows` written as the step's columns and their types (a step declares its own row shapes). */
export function columns<C extends Record<string, ColumnType>>(
  shape: C,
): (row: unknown) => row is { [K in keyof C]: ColumnValue<C[K]> } {
  const entries = Object.entries(shape)
  return (row: unknown): row is { [K in keyof C]: ColumnValue<C[K]> } =>
    typeof row === 'object' &&
    row !== null &&
    entries.every(([name, type]) => {
      const value: unknown = Reflect.get(row, name)
      if (value === null) return type.endsWith('?')
      return typeof value === (type.startsWith('text') ? 'string' : 'number')
    })
}

function damagedStepRow(table: string): DeskError {
  return new DeskError(
    'record_corrupt',
    `A row of the local store's ${table} table is damaged; the store was not upgraded. Export the audit log and ` +
      `contact support.`,
  )
}
