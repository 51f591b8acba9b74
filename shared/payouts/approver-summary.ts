import { approverWords } from '../address/approver-words'
import { findNetwork } from '../api/networks'
import type { Withdrawal } from '../api/resources'
import { shown } from '../text/visible-text'
import type { UntrustedText } from '../text/untrusted-text'

/**
 * What a person sends an approver to find and check one payout in the provider's console: its id, amount, where it
 * goes (the destination's name from the book, shown as visible text; the full address; the approver words to compare
 * by ear or in chat) and where to approve it.
 */
export function approverSummary(
  w: Pick<Withdrawal, 'id' | 'amount' | 'asset' | 'network' | 'destination'>,
  destinationName: string | UntrustedText | null,
): string {
  const network = findNetwork(w.network)?.name ?? w.network
  return [
    `Payout ${w.id} waits for your approval.`,
    `Amount: ${w.amount} ${shown(w.asset)} on ${shown(network)}`,
    `To: ${destinationName ? shown(destinationName) : '(not in the destination book)'}`,
    `Address: ${shown(w.destination)}`,
    `Approver words: ${approverWords(w.network, w.destination).join(' ')}`,
    `Approve or reject it in the provider's console under pending approvals; check that the address and the ` +
      `approver words match there.`,
  ].join('\n')
}
