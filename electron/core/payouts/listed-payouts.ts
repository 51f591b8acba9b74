import type { ListedPayout } from '../screening/use-cases'
import { DeskError } from '../errors'
import type { PayoutRequests } from './payout-requests'
import { cancelPayout, type ProviderPayoutSession } from './provider-payouts'

/** What became of one waiting payout to a listed address when a person cancelled them all. */
export interface ListedPayoutCancel {
  payout: ListedPayout
  outcome: 'cancelled' | 'discarded' | 'not_cancelled'
  /** Why it was not cancelled (approved meanwhile, a batch row), or null. */
  problem: string | null
}

/**
 * The one step that stops every waiting payout to a listed address: those waiting for approval are cancelled at the
 * provider, those not sent yet are dropped from the outbox (each in the audit log as its request or its discard). One
 * that cannot be (approved meanwhile, a batch's row) is named with why, and the others go on.
 */
export async function cancelListedPayouts(
  session: Pick<ProviderPayoutSession, 'client' | 'store'> & { payouts: PayoutRequests },
  payouts: readonly ListedPayout[],
): Promise<ListedPayoutCancel[]> {
  const out: ListedPayoutCancel[] = []
  for (const payout of payouts) {
    try {
      if (payout.waiting === 'pending_approval') await cancelPayout(session, payout.withdrawalId!)
      else {
        const entry = session.payouts.outbox.get(payout.key!)
        if (entry.batchId !== null)
          throw new DeskError(
            'invalid_input',
            `a row of batch ${entry.batchId}: the send gate refuses it; cancel the batch to drop it`,
          )
        await session.payouts.discard(payout.key!)
      }
      out.push({ payout, outcome: payout.waiting === 'pending_approval' ? 'cancelled' : 'discarded', problem: null })
    } catch (err) {
      if (!(err instanceof Error)) throw err
      out.push({ payout, outcome: 'not_cancelled', problem: err.message })
    }
  }
  return out
}
