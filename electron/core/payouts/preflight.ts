import type { CreateWithdrawal } from '../../../shared/api/requests'
import { checkPayout, firstPayoutProblem } from '../../../shared/payouts/payout-rules'
import type { ApiClient } from '../api/api-client'
import { DeskError } from '../errors'

/**
 * Checks a new payout against the workspace's own wallets and destination book before an outbox entry exists, with
 * the same rules as the payout form (shared/payouts/payout-rules.ts): anything they refuse is never sent.
 */
export async function preflightPayout(client: Pick<ApiClient, 'listWallets' | 'listCounterparties'>, body: CreateWithdrawal): Promise<void> {
  const [wallets, book] = await Promise.all([client.listWallets(), client.listCounterparties()])
  const problem = firstPayoutProblem(checkPayout(wallets, book, body))
  if (problem) throw new DeskError('invalid_input', problem)
}
