import { randomUUID } from 'node:crypto'
import { isRetypedTotal } from '../../../shared/payouts/retyped-total'
import { DeskError } from '../errors'
import type { Outbox } from '../payouts/outbox'
import { batchRepo, type BatchRecord, type DeskStore } from '../store'
import { hasErrors, type BatchCheck } from './batch-check'

export interface SubmitOptions {
  /** The file name, or "pasted rows". */
  source: string
  requestedBy: string
  /** Duplicate rows (same destination, amount, asset) were shown and confirmed. */
  confirmDuplicates: boolean
  /** A production batch needs the grand total typed again; null elsewhere. */
  retypedTotal: string | null
  production: boolean
  /** A key derived by the caller (a pay run's period line) instead of a new one, so a repeat is answered, not paid. */
  keyOf?: (row: BatchCheck['rows'][number]) => string
}

/**
 * Records a checked batch: every row's outbox entry (its own new Idempotency-Key, exact body,
 * state queued), the batch header and each row's file line, all in one transaction, before
 * anything is sent. A file with an unresolved problem records nothing.
 */
export async function submitBatch(
  store: DeskStore,
  outbox: Outbox,
  check: BatchCheck,
  options: SubmitOptions,
): Promise<BatchRecord> {
  if (hasErrors(check))
    throw new DeskError(
      'invalid_input',
      `The batch has ${check.problems.filter((p) => p.severity === 'error').length} problems; nothing was ` +
        `recorded. Fix the file and check it again.`,
    )
  if (check.rows.length === 0)
    throw new DeskError('invalid_input', 'The batch has no rows to pay; nothing was recorded.')
  const duplicates = check.problems.filter((p) => p.severity === 'confirm')
  if (duplicates.length > 0 && !options.confirmDuplicates) {
    throw new DeskError(
      'confirmation_required',
      `${duplicates.length} row${duplicates.length > 1 ? 's repeat' : ' repeats'} an earlier row (lines ` +
        `${duplicates.map((d) => d.line).join(', ')}); confirm the duplicates to record the batch.`,
    )
  }
  if (options.production && !isRetypedTotal(options.retypedTotal, check.grandTotal)) {
    throw new DeskError(
      'confirmation_required',
      'This is a production batch: type its grand total (the sum of the amount column) exactly to confirm it. ' +
        'Nothing was recorded.',
    )
  }
  const id = randomUUID()
  const now = new Date()
  const batch: Omit<BatchRecord, 'updatedAt'> = {
    id,
    createdAt: now.toISOString(),
    requestedBy: options.requestedBy,
    source: options.source,
    state: 'running',
    rowCount: check.rows.length,
    grandTotal: check.grandTotal,
  }
  const rows = check.rows.map((r) => ({
    body: r.body,
    key: options.keyOf?.(r),
    options: { state: 'queued' as const, reference: r.reference, batchId: id },
  }))
  await outbox.addMany(rows, options.requestedBy, now, (keys) =>
    store.repo(batchRepo).insert(
      batch,
      check.rows.map((r, i) => ({ key: keys[i]!, line: r.line, destinationName: r.destinationName })),
    ),
  )
  const recorded = store.read('read the batch', () => store.repo(batchRepo).get(id))
  if (!recorded) throw new DeskError('store_error', 'The batch could not be recorded; nothing was sent.')
  return recorded
}
