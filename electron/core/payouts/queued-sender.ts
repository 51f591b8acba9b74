import type { Outbox } from './outbox'
import type { PayoutRequests } from './payout-requests'

/**
 * Sends single payouts that wait in the outbox once their time has come (the provider asked to wait).
 * Any process may do it: the move queued → sending is one transaction, so exactly one of them sends, and the send
 * gate decides it then (an agent's payout under the policy and write switch in force at that moment).
 * Batch rows have their own runner, which keeps file order.
 */
export class QueuedSender {
  private running = false

  constructor(
    private readonly outbox: Outbox,
    private readonly payouts: PayoutRequests,
    private readonly now: () => number = Date.now,
  ) {}

  async tick(): Promise<number> {
    if (this.running) return 0
    this.running = true
    let sent = 0
    try {
      for (const entry of this.outbox.queuedSingles()) {
        if (entry.notBefore !== null && Date.parse(entry.notBefore) > this.now()) continue
        try {
          await this.payouts.sendRecorded(entry.idempotencyKey, { how: 'queued' })
          sent++
        } catch {
          // another process moved it first, or the attempt failed and the outbox already says how
        }
      }
    } finally {
      this.running = false
    }
    return sent
  }
}
