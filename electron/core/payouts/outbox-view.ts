import type { OutboxEntryReply } from '../../../shared/ipc/channels/payouts'
import type { OutboxRow } from '../store'

/**
 * The one place a stored outbox row becomes what a screen is shown. The row and the view are separate schemas:
 * a field a screen gains is filled here, and never changes how a row written earlier parses.
 */
export function outboxEntryView(row: OutboxRow): OutboxEntryReply {
  return {
    idempotencyKey: row.idempotencyKey,
    body: row.body,
    createdAt: row.createdAt,
    requestedBy: row.requestedBy,
    state: row.state,
    withdrawalId: row.withdrawalId,
    error: row.error,
    notBefore: row.notBefore,
    reference: row.reference,
    batchId: row.batchId,
  }
}

/** A payout's result as the IPC answers it: the entry as its view, the provider's withdrawal as read. */
export function payoutResultView<R extends { entry: OutboxRow }>(
  result: R,
): Omit<R, 'entry'> & { entry: OutboxEntryReply } {
  return { ...result, entry: outboxEntryView(result.entry) }
}
