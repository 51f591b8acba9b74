import { isLookalike, sameAddress } from '../../../shared/address/lookalike'
import type { Counterparty, Wallet } from '../../../shared/api/resources'

/**
 * Why a row's destination that is not in the book is dangerous, when it is: it looks like a destination
 * of the book (same first and last 4 characters) or is the workspace's own deposit address. Null otherwise.
 */
export function lookalikeRowProblem(
  text: string,
  book: readonly Counterparty[],
  wallets: readonly Wallet[],
): string | null {
  for (const w of wallets) {
    const own = w.deposit_addresses.find((d) => sameAddress(d.network, d.address, text))
    if (own)
      return (
        `${text} is this workspace's own deposit address (wallet "${w.name}" on ${own.network}), not an ` +
        `outside destination.`
      )
  }
  const like = book.find((c) => isLookalike(c.network, text, c.address))
  if (!like) return null
  return (
    `${text} is not in the destination book, and it looks like ${like.address} ("${like.label}"): the ` +
    `same first and last 4 characters, a different address. Check the file against the book character by character.`
  )
}
