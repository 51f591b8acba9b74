import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { DeskError } from '../../errors'
import { OutboxRowSchema, RawOutboxRowSchema, type OutboxRow, type RawOutboxRow } from './outbox-row'
import { PayoutIndex } from './payout-index'
import { foundRowOf, rowOf, rowsOf } from '../scalar-rows'
import { inTransaction } from '../transaction'
import { statement } from '../statement-cache'

export type { OutboxRow } from './outbox-row'
/** What a move may change; `notBefore` only matters while the entry is queued. */
export type OutboxChange = Pick<OutboxRow, 'state' | 'withdrawalId' | 'error'> & { notBefore?: string | null }
/**
 * A new entry: the first state is `sending` (attempted at once), `queued` (sent later, in order) or `held` (for a
 * person).
 */
export type NewOutboxRow = Pick<OutboxRow, 'idempotencyKey' | 'body' | 'createdAt' | 'requestedBy'> & {
  state: 'sending' | 'queued' | 'held'
  reference?: string | null
  batchId?: string | null
  notBefore?: string | null
}

/** What a person does about a damaged outbox row; the app itself never moves or sends it. */
export const DAMAGED_ROW_ADVICE =
  'It is held and will never be sent or re-sent. Export the audit log and contact support.'

/** A row that fails its schema is never acted on (its body is never re-sent): it is reported and held. */
export class CorruptRecordError extends DeskError {
  constructor(
    readonly key: string,
    /** Which field is wrong and how, e.g. "body.amount: Invalid input". */
    readonly problem: string,
  ) {
    super('record_corrupt', `The outbox record ${key} is damaged (${problem}). ${DAMAGED_ROW_ADVICE}`)
  }
}

const problemOf = (error: z.ZodError) => {
  const issue = error.issues[0]
  return `${issue?.path.join('.') || 'row'}: ${issue?.message ?? 'invalid'}`
}

/** The columns SQLite gave back, each of its type, or the row refused as damaged (named by its key when it has one). */
function rawRow(row: unknown): RawOutboxRow {
  const parsed = RawOutboxRowSchema.safeParse(row)
  if (parsed.success) return parsed.data
  const key = typeof row === 'object' && row !== null && 'key' in row && typeof row.key === 'string' ? row.key : '?'
  throw new CorruptRecordError(key, problemOf(parsed.error))
}

function parseRow(raw: RawOutboxRow): OutboxRow {
  let body: unknown
  let error: unknown
  try {
    body = JSON.parse(raw.body)
    error = raw.error === null ? null : JSON.parse(raw.error)
  } catch {
    throw new CorruptRecordError(raw.key, 'not JSON')
  }
  const parsed = OutboxRowSchema.safeParse({
    idempotencyKey: raw.key,
    body,
    createdAt: raw.created_at,
    requestedBy: raw.requested_by,
    state: raw.state,
    withdrawalId: raw.withdrawal_id,
    error,
    notBefore: raw.not_before,
    reference: raw.reference,
    batchId: raw.batch_id,
  })
  if (!parsed.success) throw new CorruptRecordError(raw.key, problemOf(parsed.error))
  return parsed.data
}

const NextSeqRow = z.object({ next: z.number() })
const SenderRow = z.object({ sender: z.string().nullable() })
const FirstAtRow = z.object({ at: z.string().nullable() })
const InFlightRow = z.object({ key: z.string(), sender: z.string().nullable() })

/** Outbox rows kept parsed: a few large batches at once. */
const PARSED_ROWS_KEPT = 50_000

const COLUMNS =
  'key, body, created_at, requested_by, state, withdrawal_id, error, sender, not_before, reference, batch_id'
const RAW_COLUMNS = COLUMNS.split(', ') as ReadonlyArray<keyof RawOutboxRow>

/** The outbox table and its outcome history. The state machine lives with the outbox; this only stores. */
export class OutboxRepo {
  private readonly index: PayoutIndex
  private readonly parsedRows = new Map<string, { raw: RawOutboxRow; row: OutboxRow }>()

  constructor(private readonly db: DatabaseSync) {
    this.index = new PayoutIndex(db)
  }

  /** One entry, or many (a batch) in the caller's transaction; a key already in the outbox refuses the whole write. */
  insert(row: NewOutboxRow, sender: string): void {
    inTransaction(this.db, () => {
      if (statement(this.db, 'SELECT 1 FROM outbox WHERE key = ?').get(row.idempotencyKey)) {
        throw new DeskError('idempotency_conflict', 'The outbox already holds a payout with this Idempotency-Key.')
      }
      const next = statement(this.db, 'SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM outbox').get()
      const seq = rowOf(NextSeqRow, next, 'outbox').next
      const owner = row.state === 'sending' ? sender : null
      statement(
        this.db,
        'INSERT INTO outbox (key, seq, body, created_at, requested_by, state, sender, updated_at, ' +
          'not_before, reference, batch_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        row.idempotencyKey,
        seq,
        JSON.stringify(row.body),
        row.createdAt,
        row.requestedBy,
        row.state,
        owner,
        row.createdAt,
        row.notBefore ?? null,
        row.reference ?? null,
        row.batchId ?? null,
      )
      this.outcome(
        row.idempotencyKey,
        { state: row.state, withdrawalId: null, error: null, notBefore: row.notBefore ?? null },
        sender,
        row.createdAt,
      )
      this.index.refreshEntry(row.idempotencyKey)
    })
  }

  /** A batch's entries in file order (oldest first). */
  ofBatch(batchId: string): OutboxRow[] {
    return statement(this.db, `SELECT ${COLUMNS} FROM outbox WHERE batch_id = ? ORDER BY seq`)
      .all(batchId)
      .map((row) => this.parseKnown(row))
  }

  /**
   * A batch (and the whole outbox) is read on every refresh of its view, round of its follower and tick of the queued
   * sender, while a row changes a few times in its life: a row whose stored text is the one parsed last time is not
   * checked again.
   */
  private parseKnown(row: unknown): OutboxRow {
    const raw = rawRow(row)
    const known = this.parsedRows.get(raw.key)
    if (known && RAW_COLUMNS.every((c) => known.raw[c] === raw[c])) return known.row
    const parsed = parseRow(raw)
    if (this.parsedRows.size >= PARSED_ROWS_KEPT) this.parsedRows.clear()
    this.parsedRows.set(raw.key, { raw, row: parsed })
    return parsed
  }

  /** Null when absent; throws `record_corrupt` when the row cannot be trusted. */
  get(key: string): OutboxRow | null {
    const row = statement(this.db, `SELECT ${COLUMNS} FROM outbox WHERE key = ?`).get(key)
    return row ? parseRow(rawRow(row)) : null
  }

  /**
   * Accepted single payouts (not batch rows), damaged rows left out: asked on every outbox change, so the thousands of
   * rows of a batch are never parsed each time.
   */
  acceptedSingles(): OutboxRow[] {
    return this.intactRows("state = 'accepted' AND batch_id IS NULL")
  }

  /**
   * Single payouts waiting in the queue (not batch rows), oldest first, damaged rows left out: asked every heartbeat,
   * so the rows of batches and every settled payout are never read for it.
   */
  queuedSingles(): OutboxRow[] {
    return this.intactRows("batch_id IS NULL AND state = 'queued' ORDER BY seq")
  }

  /** The rows `clause` (fixed SQL, never a value from outside) selects, damaged ones left out. */
  private intactRows(clause: string): OutboxRow[] {
    const out: OutboxRow[] = []
    for (const raw of statement(this.db, `SELECT ${COLUMNS} FROM outbox WHERE ${clause}`).all()) {
      try {
        out.push(parseRow(rawRow(raw)))
      } catch (err) {
        if (!(err instanceof CorruptRecordError)) throw err
      }
    }
    return out
  }

  /** Who is sending the entry right now (a process token), if anyone. */
  sender(key: string): string | null {
    const raw = statement(this.db, 'SELECT sender FROM outbox WHERE key = ?').get(key)
    return foundRowOf(SenderRow, raw, 'outbox')?.sender ?? null
  }

  /** Newest first; damaged rows are returned apart so one bad row never hides the others. */
  list(): { entries: OutboxRow[]; corrupt: CorruptRecordError[] } {
    const entries: OutboxRow[] = []
    const corrupt: CorruptRecordError[] = []
    for (const raw of statement(this.db, `SELECT ${COLUMNS} FROM outbox ORDER BY seq DESC`).all()) {
      try {
        entries.push(this.parseKnown(raw))
      } catch (err) {
        if (err instanceof CorruptRecordError) corrupt.push(err)
        else throw err
      }
    }
    return { entries, corrupt }
  }

  /** When the entry first reached `state` (the provider accepted it, say), or null when it never did. */
  firstReached(key: string, state: OutboxRow['state']): string | null {
    const row = statement(this.db, 'SELECT MIN(at) AS at FROM outbox_outcomes WHERE key = ? AND state = ?').get(
      key,
      state,
    )
    return rowOf(FirstAtRow, row, 'outbox_outcomes').at
  }

  /** Entries in `sending` with their sender, for the sweep of processes that are gone. */
  inFlight(): Array<{ key: string; sender: string | null }> {
    return rowsOf(
      InFlightRow,
      statement(this.db, "SELECT key, sender FROM outbox WHERE state = 'sending'").all(),
      'outbox',
    )
  }

  /** Reads, decides and writes in one transaction, so two processes can never both move one entry. */
  transition(
    key: string,
    decide: (current: OutboxRow) => OutboxChange,
    process: string,
    at = new Date().toISOString(),
  ): OutboxRow {
    return inTransaction(this.db, () => {
      const current = this.get(key)
      if (!current) throw new DeskError('invalid_input', 'There is no payout with this Idempotency-Key in the outbox.')
      const decided = decide(current)
      const next = { ...decided, notBefore: decided.state === 'queued' ? (decided.notBefore ?? null) : null }
      statement(
        this.db,
        'UPDATE outbox SET state = ?, withdrawal_id = ?, error = ?, sender = ?, updated_at = ?, not_before = ' +
          '? WHERE key = ?',
      ).run(
        next.state,
        next.withdrawalId,
        next.error === null ? null : JSON.stringify(next.error),
        next.state === 'sending' ? process : null,
        at,
        next.notBefore,
        key,
      )
      this.outcome(key, next, process, at)
      this.index.refreshEntry(key)
      return { ...current, ...next }
    })
  }

  private outcome(key: string, change: OutboxChange, process: string, at: string): void {
    statement(
      this.db,
      'INSERT INTO outbox_outcomes (key, state, withdrawal_id, error, not_before, at, process) VALUES (?, ?, ' +
        '?, ?, ?, ?, ?)',
    ).run(
      key,
      change.state,
      change.withdrawalId,
      change.error === null ? null : JSON.stringify(change.error),
      change.notBefore ?? null,
      at,
      process,
    )
  }
}
