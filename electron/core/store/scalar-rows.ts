import type { z } from 'zod'
import { DeskError } from '../errors'

/**
 * A row SQLite answered, parsed with its schema instead of cast: a damaged value (text where a time in ms
 * belongs, a null count) stops the read with `record_corrupt` naming the table, never reaches arithmetic.
 */
export function rowOf<S extends z.ZodType>(schema: S, row: unknown, table: string): z.output<S> {
  const parsed = schema.safeParse(row)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue?.path.join('.') || 'row'
  throw new DeskError(
    'record_corrupt',
    `A row of the local store's ${table} table is damaged (${where}: ${issue?.message ?? 'invalid'}). Export ` +
      `the audit log and contact support.`,
  )
}

/** `rowOf` for every row of a query. */
export function rowsOf<S extends z.ZodType>(schema: S, rows: readonly unknown[], table: string): Array<z.output<S>> {
  return rows.map((row) => rowOf(schema, row, table))
}

/** `rowOf` for a `.get()` that may find no row: `undefined` stays `undefined`. */
export function foundRowOf<S extends z.ZodType>(schema: S, row: unknown, table: string): z.output<S> | undefined {
  return row === undefined ? undefined : rowOf(schema, row, table)
}
