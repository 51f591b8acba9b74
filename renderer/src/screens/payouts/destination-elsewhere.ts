import type { CounterpartyView } from '@shared/ipc/views'
import { shownLine, type ShownText } from '@shared/text/visible-text'
import { searchItems, type PickItem } from '../../components/picker-search'

/**
 * Why a search of the payout form's destinations finds nothing when the book holds the name: the destination is on
 * another network than the asset chosen, or not verified yet. Null when the book has no such destination either.
 */
export function destinationElsewhere(
  book: readonly CounterpartyView[],
  offered: readonly PickItem[],
  query: string,
  item: (c: CounterpartyView) => PickItem,
  networkName: string | null,
): ShownText | null {
  const offeredIds = new Set(offered.map((o) => o.id))
  const others = book.filter((c) => !offeredIds.has(c.id))
  const hits = searchItems(others.map(item), query)
  const first = hits[0] && others.find((c) => c.id === hits[0]!.id)
  if (!first) return null
  const more = hits.length > 1 ? ` (and ${hits.length - 1} more)` : ''
  const name = hits[0]!.name
  if (!first.can_send)
    return shownLine`“${name}”${more} is in the book but not verified yet: it can be paid once it is verified.`
  const on = first.network_name
  const here = networkName ? `, not ${networkName}` : ''
  return shownLine`“${name}”${more} is on ${on}${here}: choose a wallet and an asset on ${on} to pay it.`
}
