import type { WithdrawalStatus } from '../../../shared/api/resources'
import { approvalCounts, type ApprovalCounts } from '../../../shared/payouts/approval-progress'
import type { OutboxEntry } from '../payouts/outbox'
import { batchRepo, type BatchRecord, type DeskStore } from '../store'

export interface BatchProgress {
  batchId: string
  intent: BatchRecord['state']
  total: number
  /** Attempted at least once: everything but queued and discarded rows. */
  sent: number
  queued: number
  sending: number
  accepted: number
  refused: number
  unknown: number
  discarded: number
  /** The accepted rows by where they stand with the approvers (the provider's last known status of each). */
  approval: ApprovalCounts
  /** Nothing left to send or to look up. */
  finished: boolean
  /**
   * Meant to be sending (running, not finished) but no live process sends it: its sender ended (killed, crashed,
   * closed) or gave up on rows it could not settle. Resume sends the rest under the recorded keys.
   */
  senderGone: boolean
}

/** The store's claim a process holds while it sends a batch (its lease). */
export const batchLease = (batchId: string): string => `batch:${batchId}`

/**
 * A batch recorded or changed this long ago without a claim has no sender: the process that records a batch claims it
 * at once (milliseconds later), so a new one is not called stopped while it is being claimed.
 */
const CLAIM_GRACE_MS = 10_000

/**
 * True while a live process holds the batch's claim (a killed one is gone when its pid is, or its beat is 15 s old),
 * or the batch was recorded or changed moments ago.
 */
export function senderLive(store: DeskStore, batch: BatchRecord, now = Date.now()): boolean {
  if (now - Date.parse(batch.updatedAt) < CLAIM_GRACE_MS) return true
  return store.read('read who sends the batch', () => store.leases.heldByLive(batchLease(batch.id)))
}

/**
 * Counts by outbox state, and the accepted rows by approval status (`statuses`: their payouts' last known statuses); a
 * cancelled batch's queued rows are not waiting for anything.
 */
export function progressOf(
  batch: BatchRecord,
  counts: Readonly<Record<string, number>>,
  live: boolean,
  statuses: Iterable<WithdrawalStatus> = [],
): BatchProgress {
  const count = (state: OutboxEntry['state']) => counts[state] ?? 0
  const p = {
    batchId: batch.id,
    intent: batch.state,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    queued: count('queued') + count('held'),
    sending: count('sending'),
    accepted: count('accepted'),
    refused: count('refused'),
    unknown: count('unknown'),
    discarded: count('discarded'),
    approval: approvalCounts(count('accepted'), statuses),
  }
  const open = p.sending + p.unknown + (batch.state === 'cancelled' ? 0 : p.queued)
  const finished = open === 0
  return {
    ...p,
    sent: p.total - p.queued - p.discarded,
    finished,
    senderGone: batch.state === 'running' && !finished && !live,
  }
}

/** A batch's progress from the store alone (any process: the app, the CLI). */
export function storedProgress(store: DeskStore, batch: BatchRecord): BatchProgress {
  const [counts, statuses] = store.read('count the batch', () => {
    const repo = store.repo(batchRepo)
    return [repo.stateCounts(batch.id), repo.payoutStatuses(batch.id)] as const
  })
  return progressOf(batch, counts, senderLive(store, batch), statuses.values())
}
