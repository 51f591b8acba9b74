import { untrustedForMatching, type UntrustedText } from '@shared/text/untrusted-text'

/** One choice of a search picker: its name (someone else's text), more about it (an owner), and its address. */
export interface PickItem {
  id: string
  name: UntrustedText
  more?: UntrustedText
  address: string
}

/** Lower case, for matching whatever case was typed (an EVM address is typed in either). */
const fold = (s: string) => s.toLocaleLowerCase()

/**
 * The items whose name, owner or address holds every word typed (in any order, any case): "acme 4e2f" finds Acme's
 * destination whose address holds 4e2f. Items keep their order; an empty search keeps them all.
 */
export function searchItems<T extends PickItem>(items: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...items]
  return items.filter((item) => {
    const hay = fold(`${untrustedForMatching(item.name)}\n${untrustedForMatching(item.more) ?? ''}\n${item.address}`)
    return words.every((w) => hay.includes(w))
  })
}
