import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../../../../shared/api/resources'
import { DeskError } from '../../errors'
import { rowOf, rowsOf } from '../scalar-rows'
import { statement } from '../statement-cache'

const StateCountRow = z.object({ state: z.string(), n: z.number() })
const StatusRow = z.object({ id: z.string(), status: z.string() })
const MarkRow = z.object({ id: z.number() })
const MoveRow = z.object({ id: z.number(), accepted: z.number() })
/** The wallet is whatever the body holds: a row whose body names none is not followed. */
const OpenRow = z.object({ id: z.string(), wallet: z.unknown() })

/** What a person asked of the batch; whether it is finished follows from its outbox entries. */
export const BatchIntentSchema = z.enum(['running', 'paused', 'cancelled'])
export type BatchIntent = z.infer<typeof BatchIntentSchema>

const BatchRecordSchema = z.strictObject({
  id: z.string().min(1),
  createdAt: z.string(),
  requestedBy: z.string(),
  /** The file name, or "pasted rows". */
  source: z.string(),
  state: BatchIntentSchema,
  rowCount: z.number().int().positive(),
  grandTotal: z.string(),
  updatedAt: z.string(),
})
export type BatchRecord = z.infer<typeof BatchRecordSchema>

const BatchLineSchema = z.strictObject({
  key: z.string().min(1),
  line: z.number().int().positive(),
  destinationName: z.string(),
})
export type BatchLine = z.infer<typeof BatchLineSchema>

/** A batches row as SQLite gives it back, under the record's names, then checked as the record. */
const BatchRowSchema = z
  .object({
    id: z.unknown(),
    created_at: z.unknown(),
    requested_by: z.unknown(),
    source: z.unknown(),
    state: z.unknown(),
    row_count: z.unknown(),
    grand_total: z.unknown(),
    updated_at: z.unknown(),
  })
  .transform((r) => ({
    id: r.id,
    createdAt: r.created_at,
    requestedBy: r.requested_by,
    source: r.source,
    state: r.state,
    rowCount: r.row_count,
    grandTotal: r.grand_total,
    updatedAt: r.updated_at,
  }))
  .pipe(BatchRecordSchema)

function parseBatch(row: unknown): BatchRecord {
  const parsed = BatchRowSchema.safeParse(row)
  if (parsed.success) return parsed.data
  const id = typeof row === 'object' && row !== null && 'id' in row ? String(row.id) : '?'
  throw new DeskError(
    'record_corrupt',
    `The batch record ${id} is damaged; it will not be sent. Export the audit log and contact support.`,
  )
}

const KNOWN_STATUSES: ReadonlySet<string> = new Set(WITHDRAWAL_STATUSES)
const isWithdrawalStatus = (s: string): s is WithdrawalStatus => KNOWN_STATUSES.has(s)

/** Batches whose checked lines are kept. */
const LINES_KEPT = 8

const COLUMNS = 'id, created_at, requested_by, source, state, row_count, grand_total, updated_at'

/** The batches table and each entry's file line. Written in the outbox's transaction by the caller. */
export class BatchRepo {
  private readonly keptLines = new Map<string, ReadonlyMap<string, BatchLine>>()

  constructor(private readonly db: DatabaseSync) {}

  insert(batch: Omit<BatchRecord, 'updatedAt'>, lines: readonly BatchLine[]): void {
    statement(this.db, `INSERT INTO batches (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(
      batch.id,
      batch.createdAt,
      batch.requestedBy,
      batch.source,
      batch.state,
      batch.rowCount,
      batch.grandTotal,
      batch.createdAt,
    )
    const row = statement(this.db, 'INSERT INTO batch_rows (key, batch_id, line, destination_name) VALUES (?, ?, ?, ?)')
    for (const l of lines) row.run(l.key, batch.id, l.line, l.destinationName)
  }

  get(id: string): BatchRecord | null {
    const row = statement(this.db, `SELECT ${COLUMNS} FROM batches WHERE id = ?`).get(id)
    return row ? parseBatch(row) : null
  }

  /** Newest first. */
  list(): BatchRecord[] {
    return statement(this.db, `SELECT ${COLUMNS} FROM batches ORDER BY created_at DESC, id`).all().map(parseBatch)
  }

  /** The file line and destination name of each entry of the batch, by Idempotency-Key. */
  lines(batchId: string): ReadonlyMap<string, BatchLine> {
    // A batch's lines never change once recorded: the view reads them on every refresh, so they are checked once.
    const kept = this.keptLines.get(batchId)
    if (kept) return kept
    const raw = statement(
      this.db,
      'SELECT key, line, destination_name AS destinationName FROM batch_rows WHERE batch_id = ?',
    ).all(batchId)
    const lines = new Map(rowsOf(BatchLineSchema, raw, 'batch_rows').map((l) => [l.key, l]))
    if (this.keptLines.size >= LINES_KEPT) this.keptLines.clear()
    // Lines are written with their batch in one transaction: a batch with none is not recorded yet, and not kept.
    if (lines.size > 0) this.keptLines.set(batchId, lines)
    return lines
  }

  /** How many of the batch's outbox entries are in each state: progress without reading every row. */
  stateCounts(batchId: string): Record<string, number> {
    const rows = statement(this.db, 'SELECT state, COUNT(*) AS n FROM outbox WHERE batch_id = ? GROUP BY state').all(
      batchId,
    )
    return Object.fromEntries(rowsOf(StateCountRow, rows, 'outbox').map((r) => [r.state, r.n]))
  }

  /**
   * The provider's last known status of each accepted row's payout, by withdrawal id, in one read: the batch view asks
   * it for every row on every refresh, so the cached bodies are not parsed one by one.
   */
  payoutStatuses(batchId: string): Map<string, WithdrawalStatus> {
    const rows = statement(
      this.db,
      'SELECT w.id, w.status FROM outbox o JOIN withdrawal_cache w ON w.id = o.withdrawal_id WHERE ' +
        'o.batch_id = ? AND w.status IS NOT NULL',
    ).all(batchId)
    return new Map(
      rowsOf(StatusRow, rows, 'withdrawal_cache').flatMap((r) =>
        isWithdrawalStatus(r.status) ? [[r.id, r.status] as const] : [],
      ),
    )
  }

  /**
   * The outbox's moves after `mark` (an outcome id, null for none seen yet), each with whether it is a batch row
   * becoming accepted: what a follower asks on every outbox change reads only the moves it has not seen. With no mark
   * it reads none: the newest outcome is the mark, and the answer says whether any batch row was accepted before.
   */
  movesSince(mark: number | null): { mark: number; accepted: boolean } {
    if (mark === null) {
      const last = rowOf(
        MarkRow,
        statement(this.db, 'SELECT COALESCE(MAX(id), 0) AS id FROM outbox_outcomes').get(),
        'outbox_outcomes',
      )
      const any = statement(
        this.db,
        "SELECT 1 FROM outbox WHERE batch_id IS NOT NULL AND state = 'accepted' LIMIT 1",
      ).get()
      return { mark: last.id, accepted: any !== undefined }
    }
    const read = statement(
      this.db,
      `SELECT c.id, (c.state = 'accepted' AND o.batch_id IS NOT NULL) AS accepted
           FROM outbox_outcomes c JOIN outbox o ON o.key = c.key WHERE c.id > ? ORDER BY c.id`,
    ).all(mark)
    const moves = rowsOf(MoveRow, read, 'outbox_outcomes')
    return { mark: moves.length > 0 ? moves.at(-1)!.id : mark, accepted: moves.some((m) => m.accepted === 1) }
  }

  /**
   * Accepted rows of every batch whose payout's last known status is not final (or not known yet), with the wallet
   * that pays each: one indexed read of the rows still to follow, never every row of every batch.
   */
  openRows(finalStatuses: readonly string[]): Array<{ withdrawalId: string; body: { wallet_id: string } }> {
    const rows = statement(
      this.db,
      `SELECT o.withdrawal_id AS id, json_extract(o.body, '$.wallet_id') AS wallet FROM outbox o
           LEFT JOIN withdrawal_cache w ON w.id = o.withdrawal_id
           WHERE o.batch_id IS NOT NULL AND o.state = 'accepted' AND o.withdrawal_id IS NOT NULL
             AND (w.status IS NULL OR w.status NOT IN (SELECT value FROM json_each(?))) ORDER BY o.seq`,
    ).all(JSON.stringify(finalStatuses))
    return rowsOf(OpenRow, rows, 'outbox').flatMap((r) =>
      typeof r.wallet === 'string' ? [{ withdrawalId: r.id, body: { wallet_id: r.wallet } }] : [],
    )
  }

  setState(id: string, state: BatchIntent, at = new Date().toISOString()): void {
    statement(this.db, 'UPDATE batches SET state = ?, updated_at = ? WHERE id = ?').run(state, at, id)
  }
}

export const batchRepo = (db: DatabaseSync): BatchRepo => new BatchRepo(db)
