import type { BatchProgress, BatchRowView } from '../batch/use-cases'
import type { Period } from './schedule'

/** A sent line as the result shows it: a 409 means another desk sent this line's period with another body. */
export interface RunSendRow extends Omit<BatchRowView, 'state'> {
  /** The outbox state, or `not sent` for a line the provider does not hold in a period another desk sent. */
  state: BatchRowView['state'] | 'not sent'
  payee: string
  conflict: boolean
  /** The provider answered that it held the line's key already: another desk sent it. */
  earlier: boolean
}

export interface RunSendResult {
  period: Period
  /** Null when the provider held the period's keys already: nothing was recorded or sent from here. */
  batchId: string | null
  /** The provider held this period's keys before this desk sent anything: another desk sent it. */
  sentElsewhere: boolean
  /** The period was recorded by this desk before: its batch is answered (and finished), nothing new is recorded. */
  again: boolean
  /** Another process on this store is sending the batch right now; `progress` is as it stood. */
  busy: boolean
  progress: BatchProgress
  rows: RunSendRow[]
}
