import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { CreateCounterpartySchema, type CreateCounterparty } from '../../../../shared/api/requests'
import { rowOf, rowsOf } from '../scalar-rows'

/** What a person asked of the import; whether it is finished follows from its rows. */
export const ImportIntentSchema = z.enum(['running', 'paused'])
export type ImportIntent = z.infer<typeof ImportIntentSchema>

/**
 * A row's way: `pending` until the provider's answer is recorded, then `created`, `existing` or `failed`. A kill
 * between the answer and its record leaves the row pending: the next run looks its address up before sending.
 */
export const ImportRowStateSchema = z.enum(['pending', 'created', 'existing', 'failed'])
export type ImportRowState = z.infer<typeof ImportRowStateSchema>

const ImportRecordSchema = z.object({
  id: z.string().min(1),
  created_at: z.string(),
  source: z.string(),
  file_hash: z.string(),
  state: ImportIntentSchema,
  row_count: z.number().int().nonnegative(),
  updated_at: z.string(),
})
export type ImportRecord = z.infer<typeof ImportRecordSchema>

const RowSchema = z.object({
  line: z.number().int().positive(),
  body: z.string().transform((s, ctx) => {
    const parsed = CreateCounterpartySchema.safeParse(JSON.parse(s))
    if (!parsed.success) ctx.addIssue({ code: 'custom', message: 'not a destination body' })
    return parsed.data as CreateCounterparty
  }),
  state: ImportRowStateSchema,
  counterparty_id: z.string().nullable(),
  error: z.string().nullable(),
})
export type ImportRowRecord = z.infer<typeof RowSchema>

const COLUMNS = 'id, created_at, source, file_hash, state, row_count, updated_at'

/**
 * The destination-import jobs of a profile and each row's state: the record that makes an import resumable exactly
 * once.
 */
export class DestinationImportRepo {
  constructor(private readonly db: DatabaseSync) {}

  insert(
    job: Omit<ImportRecord, 'updated_at'>,
    rows: ReadonlyArray<{
      line: number
      body: CreateCounterparty
      state: ImportRowState
      counterpartyId: string | null
    }>,
  ): void {
    this.db
      .prepare(`INSERT INTO destination_imports (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`)
      .run(job.id, job.created_at, job.source, job.file_hash, job.state, job.row_count, job.created_at)
    const row = this.db.prepare(
      'INSERT INTO destination_import_rows (import_id, line, body, state, counterparty_id, error, updated_at) ' +
        'VALUES (?, ?, ?, ?, ?, NULL, ?)',
    )
    for (const r of rows) row.run(job.id, r.line, JSON.stringify(r.body), r.state, r.counterpartyId, job.created_at)
  }

  get(id: string): ImportRecord | null {
    const raw = this.db.prepare(`SELECT ${COLUMNS} FROM destination_imports WHERE id = ?`).get(id)
    return raw ? rowOf(ImportRecordSchema, { ...raw }, 'destination_imports') : null
  }

  /** Newest first. */
  list(): ImportRecord[] {
    return rowsOf(
      ImportRecordSchema,
      this.db
        .prepare(`SELECT ${COLUMNS} FROM destination_imports ORDER BY created_at DESC, id`)
        .all()
        .map((r) => ({ ...r })),
      'destination_imports',
    )
  }

  /** The newest import of the same file bytes that still has rows to send, if any. */
  unfinishedOf(fileHash: string): ImportRecord | null {
    const raw = this.db
      .prepare(
        `SELECT ${COLUMNS} FROM destination_imports i WHERE file_hash = ? AND EXISTS (SELECT 1 FROM ` +
          `destination_import_rows r WHERE r.import_id = i.id AND r.state = 'pending') ORDER BY created_at ` +
          `DESC LIMIT 1`,
      )
      .get(fileHash)
    return raw ? rowOf(ImportRecordSchema, { ...raw }, 'destination_imports') : null
  }

  /** In file order. */
  rows(id: string, states?: readonly ImportRowState[]): ImportRowRecord[] {
    const where = states ? ` AND state IN (${states.map(() => '?').join(', ')})` : ''
    const raw = this.db
      .prepare(
        `SELECT line, body, state, counterparty_id, error FROM destination_import_rows WHERE import_id = ` +
          `?${where} ORDER BY line`,
      )
      .all(id, ...(states ?? []))
    return rowsOf(
      RowSchema,
      raw.map((r) => ({ ...r })),
      'destination_import_rows',
    )
  }

  counts(id: string): Record<ImportRowState, number> {
    const out: Record<ImportRowState, number> = { pending: 0, created: 0, existing: 0, failed: 0 }
    const raw = this.db
      .prepare('SELECT state, COUNT(*) AS n FROM destination_import_rows WHERE import_id = ? GROUP BY state')
      .all(id)
    const rows = rowsOf(z.object({ state: ImportRowStateSchema, n: z.number() }), raw, 'destination_import_rows')
    for (const r of rows) out[r.state] = r.n
    return out
  }

  setRow(
    id: string,
    line: number,
    state: ImportRowState,
    counterpartyId: string | null = null,
    error: string | null = null,
    at = new Date().toISOString(),
  ): void {
    this.db
      .prepare(
        'UPDATE destination_import_rows SET state = ?, counterparty_id = ?, error = ?, updated_at = ? WHERE ' +
          'import_id = ? AND line = ?',
      )
      .run(state, counterpartyId, error, at, id, line)
  }

  setState(id: string, state: ImportIntent, at = new Date().toISOString()): void {
    this.db.prepare('UPDATE destination_imports SET state = ?, updated_at = ? WHERE id = ?').run(state, at, id)
  }
}

export const destinationImportRepo = (db: DatabaseSync): DestinationImportRepo => new DestinationImportRepo(db)
