import type { Outbox, OutboxEntry } from '../payouts/outbox'
import { batchRepo, type BatchRecord, type DeskStore } from '../store'
import { csvLine } from '../csv/cell'
import { requestedAgainOf } from '../payouts/use-cases'
import { progressOf, senderLive, type BatchProgress } from './batch-progress'

/** One row of a batch as the follow-up shows it. */
export interface BatchRowView {
  line: number
  reference: string | null
  destination: string
  address: string
  amount: string
  asset: string
  network: string | null
  idempotencyKey: string
  state: OutboxEntry['state']
  withdrawalId: string | null
  /** The provider's last known status of the payout (from the store's copy), null before it is accepted. */
  payoutStatus: string | null
  error: string | null
  /** The Idempotency-Key of the new payout a person requested this row again as, if they did. */
  requestedAgain: string | null
}

export interface BatchStatus {
  batch: BatchRecord
  progress: BatchProgress
  rows: BatchRowView[]
}

/** A batch with every row, in file order; `state` keeps rows whose outbox state or payout status is that. */
export function batchStatus(store: DeskStore, outbox: Outbox, batch: BatchRecord, state?: string): BatchStatus {
  const lines = store.read('read the batch', () => store.repo(batchRepo).lines(batch.id))
  const statuses = store.read('read the payout statuses', () => store.repo(batchRepo).payoutStatuses(batch.id))
  const entries = outbox.ofBatch(batch.id)
  const again = requestedAgainOf(
    store,
    entries.map((e) => e.idempotencyKey),
  )
  const counts: Record<string, number> = {}
  for (const e of entries) counts[e.state] = (counts[e.state] ?? 0) + 1
  const rows = entries.map((e): BatchRowView => {
    const line = lines.get(e.idempotencyKey)
    return {
      line: line?.line ?? 0,
      reference: e.reference,
      destination: line?.destinationName ?? e.body.destination,
      address: e.body.destination,
      amount: e.body.amount,
      asset: e.body.asset,
      network: e.body.network ?? null,
      idempotencyKey: e.idempotencyKey,
      state: e.state,
      withdrawalId: e.withdrawalId,
      payoutStatus: (e.withdrawalId && statuses.get(e.withdrawalId)) || null,
      error: e.error ? `${e.error.code}: ${e.error.message}` : null,
      requestedAgain: again.get(e.idempotencyKey)?.newKey ?? null,
    }
  })
  return {
    batch,
    progress: progressOf(batch, counts, senderLive(store, batch), statuses.values()),
    rows: state ? rows.filter((r) => r.state === state || r.payoutStatus === state) : rows,
  }
}

const EXPORT_COLUMNS = [
  'line',
  'reference',
  'destination',
  'amount',
  'asset',
  'idempotency_key',
  'payout_id',
  'status',
  'error',
]

/** The results as CSV; every cell goes through the export's formula guard (`=`, `+`, `-`, `@`, tab, CR). */
export function batchResultsCsv(rows: readonly BatchRowView[]): string {
  return (
    csvLine(EXPORT_COLUMNS) +
    rows
      .map((r) =>
        csvLine([
          String(r.line),
          r.reference,
          r.destination,
          r.amount,
          r.asset,
          r.idempotencyKey,
          r.withdrawalId,
          r.payoutStatus ?? r.state,
          r.error,
        ]),
      )
      .join('')
  )
}

/** A batch's refused rows by who refused them: this desk's send gate (its rule by name) or the provider. */
export function refusedBy(outbox: Outbox, batchId: string): { gate: number; provider: number } {
  const refused = outbox.ofBatch(batchId).filter((e) => e.state === 'refused')
  const gate = refused.filter((e) => e.error?.rule !== undefined).length
  return { gate, provider: refused.length - gate }
}
