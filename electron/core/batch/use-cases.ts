import type { Counterparty } from '../../../shared/api/resources'
import { rowPaymentBlock } from '../payee-checks/use-cases'
import type { ApiClient } from '../api/api-client'
import { DeskError } from '../errors'
import { writeCsvFile } from '../csv/write'
import { Outbox } from '../payouts/use-cases'
import type { PayoutRequests } from '../payouts/payout-requests'
import { batchRepo, type BatchRecord, type DeskStore } from '../store'
import { checkBatchFile, type BatchCheck, type CheckedRow } from './batch-check'
import { firstPayoutRows, type FirstPayoutRow } from './batch-first-payouts'
import { refreshBatchStatuses } from './batch-refresh'
import { batchResultsCsv, batchStatus, type BatchStatus } from './batch-report'
export { refusedBy } from './batch-report'
import { storedProgress } from './batch-progress'
import { BatchRunner, type BatchProgress, type BatchRunnerOptions } from './batch-runner'
import { submitBatch, type SubmitOptions } from './batch-submit'
import { MAX_BATCH_BYTES } from './csv-rows'

/** What a batch use case needs of an open profile's signing session. */
export interface BatchSession {
  store: DeskStore
  client: ApiClient
  payouts: PayoutRequests
}

/** Refuses a batch file over the limit before it is read, naming `what` (the file). */
export function refuseOversizeBatch(bytes: number, what: string): void {
  if (bytes > MAX_BATCH_BYTES)
    throw new DeskError(
      'invalid_input',
      `${what} is ${(bytes / 1024 / 1024).toFixed(1)} MB; a batch file is at most 5 MB. Split it into several batches.`,
    )
}

/** The file checked against the workspace's wallets and book, with the destinations it would pay for the first time. */
export async function checkBatch(
  session: Pick<BatchSession, 'store'> & { client: Pick<ApiClient, 'listWallets' | 'listCounterparties'> },
  input: Uint8Array | string,
  wallet?: string,
): Promise<BatchCheck & { firstPayouts: FirstPayoutRow[] }> {
  const block = rowPaymentBlock(session.store)
  const rule = (row: CheckedRow, book: readonly Counterparty[]) =>
    block(row.body.network ?? '', row.body.destination, book)
  const check = await checkBatchFile(session.client, input, wallet, rule)
  return { ...check, firstPayouts: firstPayoutRows(session.store, check.rows) }
}

export interface RecordOptions extends SubmitOptions {
  /** The destinations never paid before were shown and confirmed: the review's tick, the CLI's [y/N] or --yes. */
  confirmFirstPayouts: boolean
}

/**
 * Records a checked batch (every row's outbox entry in one transaction); nothing is sent yet. Destinations never paid
 * before need the same explicit confirmation as a single payout's review, asked again here so no surface skips it.
 */
export async function recordBatch(
  session: Pick<BatchSession, 'store' | 'payouts'>,
  check: BatchCheck,
  options: RecordOptions,
): Promise<BatchRecord> {
  const first = firstPayoutRows(session.store, check.rows)
  if (first.length > 0 && !options.confirmFirstPayouts) {
    const which = first.length === 1 ? 'a destination' : `${first.length} destinations`
    throw new DeskError(
      'confirmation_required',
      `The batch pays ${which} never paid before (lines ${first.map((f) => f.line).join(', ')}); confirm that ` +
        `each was checked with its recipient. Nothing was recorded.`,
    )
  }
  return submitBatch(session.store, session.payouts.outbox, check, options)
}

/** Sends a batch's rows in this process (or, `resume`, continues one that stopped), reporting progress. */
export function sendBatch(
  session: Pick<BatchSession, 'store' | 'payouts'>,
  batchId: string,
  resume: boolean,
  options: BatchRunnerOptions = {},
): Promise<BatchProgress> {
  const runner = new BatchRunner(session.store, session.payouts, options)
  return resume ? runner.resume(batchId) : runner.run(batchId)
}

/** Stops sending after the row in flight, in whichever process sends it. */
export const pauseBatch = (session: Pick<BatchSession, 'store' | 'payouts'>, batchId: string): BatchProgress =>
  new BatchRunner(session.store, session.payouts).pause(batchId)
/** Discards the rows not yet sent; rows already sent keep their outcome. */
export const cancelBatch = (
  session: Pick<BatchSession, 'store' | 'payouts'>,
  batchId: string,
): Promise<BatchProgress> => new BatchRunner(session.store, session.payouts).cancel(batchId)

/** A batch of the profile, or `batch_not_found`. */
export function batchOf(store: DeskStore, batchId: string): BatchRecord {
  const batch = store.read('read the batch', () => store.repo(batchRepo).get(batchId))
  if (!batch) throw new DeskError('batch_not_found', `There is no batch ${batchId} in this profile.`)
  return batch
}

/**
 * A batch's rows with their outbox state, `state` keeping one; with `refresh` (the profile's signing client) the
 * payouts' current status is read from the provider first. `outbox`: the open session's, else the store's.
 */
export async function readBatchStatus(
  store: DeskStore,
  input: { batchId: string; state?: string },
  options: { refresh?: Pick<ApiClient, 'withdrawalPage'> | null; outbox?: Outbox } = {},
): Promise<BatchStatus> {
  const batch = batchOf(store, input.batchId)
  const outbox = options.outbox ?? Outbox.open(store)
  if (options.refresh) await refreshBatchStatuses(options.refresh, store, outbox.ofBatch(batch.id))
  return batchStatus(store, outbox, batch, input.state)
}

/** A batch status's rows written as CSV to `path`; the number of rows written. */
export async function writeBatchResults(path: string, report: BatchStatus): Promise<number> {
  await writeCsvFile(path, [batchResultsCsv(report.rows)])
  return report.rows.length
}

/** All of a batch's results written as CSV to `path`; the number of rows written. */
export async function exportBatchResults(
  store: DeskStore,
  batchId: string,
  path: string,
  outbox?: Outbox,
): Promise<number> {
  return writeBatchResults(path, await readBatchStatus(store, { batchId }, { outbox }))
}

/** What a pay run's period shares with a batch: its rows' checks, funds, first payouts, submission and runner. */
export { checkRows, destinationProblems, hasErrors, type BatchCheck, type CheckedRow } from './batch-check'
export { BATCH_COLUMNS, MAX_BATCH_BYTES, MAX_BATCH_ROWS, type CsvRow, type RowProblem } from './csv-rows'
export { fundsCheck, shortfallText, type FundsRow } from './funds-check'
export { firstPayoutRows } from './batch-first-payouts'
export { batchStatus, type BatchRowView } from './batch-report'
export { BatchRunner, type BatchRunnerOptions } from './batch-runner'
export { submitBatch } from './batch-submit'
/** One approval pack for a batch or a pay-run period (a file, or a message's text), with the SHA-256 of its list. */
export {
  approvalPack,
  batchApprovalPack,
  packOfBatch,
  periodApprovalPack,
  writeApprovalPack,
  type ApprovalPack,
  type PackLine,
  type PackSubject,
} from './approval-pack'
export type { FirstPayoutRow } from './batch-first-payouts'
export type { BatchProgress } from './batch-runner'

/** Every batch of the profile, newest first, with its sending progress (and whether its sender lives). */
export function listBatches(store: DeskStore): Array<{ batch: BatchRecord; progress: BatchProgress }> {
  const batches = store.read('read the batches', () => store.repo(batchRepo).list())
  return batches.map((batch) => ({ batch, progress: storedProgress(store, batch) }))
}
