import type { CreateWithdrawal } from '../../../shared/api/requests'
import type { Counterparty, Wallet } from '../../../shared/api/resources'
import { checkPayout, firstPayoutProblem } from '../../../shared/payouts/payout-rules'
import type { ApiClient } from '../api/api-client'
import { DeskError } from '../errors'

/** A payout as the provider will execute it: its wallet, the network it resolves to and the one book entry it pays. */
export interface CheckedPayout {
  /** The request with the network the provider resolves an omitted one to filled in. */
  body: CreateWithdrawal
  wallet: Wallet
  destination: Counterparty
  /** The destination book as read for this check: a payee change is told from the payee's other entries. */
  book: readonly Counterparty[]
}

/**
 * Checks a new payout against the workspace's own wallets and destination book before an outbox entry exists, with
 * the same rules as the payout form (shared/payouts/payout-rules.ts): anything they refuse is never sent. `code` is
 * the error an agent reads as the provider's own refusal (validation_failed); the app's forms say invalid_input.
 */
export async function checkWithProvider(
  client: Pick<ApiClient, 'listWallets' | 'listCounterparties'>,
  body: CreateWithdrawal,
  code: 'invalid_input' | 'validation_failed' = 'invalid_input',
): Promise<CheckedPayout> {
  const [wallets, book] = await Promise.all([client.listWallets(), client.listCounterparties()])
  const check = checkPayout(wallets, book, body)
  const problem = firstPayoutProblem(check)
  if (problem || !check.wallet || !check.balance || !check.destination)
    throw new DeskError(code, problem ?? 'The payout could not be checked.')
  return {
    body: { ...body, network: check.balance.network },
    wallet: check.wallet,
    destination: check.destination,
    book,
  }
}
