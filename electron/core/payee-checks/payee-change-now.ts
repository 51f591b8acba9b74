import type { Counterparty } from '../../../shared/api/resources'
import { payeeConfirmations, type DeskStore } from '../store'
import { paidDestinations } from '../store/destinations/paid-destinations'
import { DEFAULT_PAYEE_CHANGE_WAIT_HOURS, payeeChangeOf, type PayeeChange } from './payee-change'

/**
 * Where a destination's payee change stands now, or null when it is no payee change. Synchronous: the send gate asks.
 */
export function payeeChangeNow(
  store: DeskStore,
  book: readonly Counterparty[],
  destination: Counterparty,
  now = new Date(),
): PayeeChange | null {
  return store.read('read the payee change', () => {
    const confirmations = store.repo(payeeConfirmations)
    return payeeChangeOf(book, destination, {
      waitHours: confirmations.waitHours(DEFAULT_PAYEE_CHANGE_WAIT_HOURS),
      confirmation: confirmations.get(destination.id),
      paidBefore: store.repo(paidDestinations).paidBefore(destination.network, destination.address),
      now,
    })
  })
}
