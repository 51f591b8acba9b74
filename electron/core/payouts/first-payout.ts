import type { ApiClient } from '../api/api-client'
import type { DeskStore } from '../store'
import { paidDestinations, type Destination } from '../store/destinations/paid-destinations'

/**
 * The one home of "never paid before": no payout to this address on this network has completed, as the outbox (with
 * the provider's latest answer for each entry) or the ledger's outgoing legs record it. Another network's payout to the
 * same spelling does not count; the address is compared as the provider compares it (case-insensitive where the
 * network is). Synchronous, so a policy check can ask inside its write transaction.
 */
export function isFirstPayout(store: DeskStore, network: string, address: string): boolean {
  return !store.read('read the payouts to this destination', () =>
    store.repo(paidDestinations).paidBefore(network, address),
  )
}

/**
 * Asks the provider about the outbox's payouts to the address that have not finished as far as this computer knows,
 * and keeps the answers, so a payout that completed since is counted. A failed read leaves the last answer: the
 * payout then still reads as a first one, which is the careful side.
 */
export async function refreshPayoutsTo(
  store: DeskStore,
  client: Pick<ApiClient, 'getWithdrawal'>,
  network: string,
  address: string,
): Promise<void> {
  const ids = store.read('read the payouts to this destination', () =>
    store.repo(paidDestinations).unfinishedTo(network, address),
  )
  for (const id of ids) {
    try {
      const { withdrawal, stale } = await client.getWithdrawal(id)
      if (!stale) store.transaction('keep the payout status', () => store.withdrawals.put(withdrawal))
    } catch {
      // see above: an unknown outcome is not a completed payout
    }
  }
}

/** The decision with the provider's latest answers: what the review and the CLI ask before a payout. */
export async function firstPayoutTo(
  store: DeskStore,
  client: Pick<ApiClient, 'getWithdrawal'>,
  network: string,
  address: string,
): Promise<boolean> {
  await refreshPayoutsTo(store, client, network, address)
  return isFirstPayout(store, network, address)
}

/**
 * Of a batch's destinations, which were never paid: the same rule, from the store as it is (a batch's hundreds of
 * destinations are not each asked about at the provider; an answer not yet read leaves the payout a first one).
 */
export function firstPayoutsAmong(store: DeskStore, destinations: readonly Destination[]): boolean[] {
  return store
    .read('read the payouts to these destinations', () => store.repo(paidDestinations).paidAmong(destinations))
    .map((paid) => !paid)
}
