import { useMemo } from 'react'
import { useDeskQuery } from '../data/useDeskQuery'
import { buildNameBook, type NameBook } from './name-book'

const NAMES_FRESH_MS = 60_000

/** The name book of the selected profile, from the cached wallet and destination reads (empty until they answer). */
export function useNameBook(): NameBook {
  // Names change rarely, and every row showing one mounts this: a minute-old answer is good enough here (screens
  // that show the wallets or the book themselves still read them fresh, which refreshes the names too).
  const wallets = useDeskQuery('wallets.list', {}, { staleTime: NAMES_FRESH_MS })
  const book = useDeskQuery('counterparties.list', {}, { staleTime: NAMES_FRESH_MS })
  return useMemo(() => buildNameBook(wallets.data ?? [], book.data ?? []), [wallets.data, book.data])
}
