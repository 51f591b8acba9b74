import { useMemo } from 'react'
import { useDeskQuery } from '../data/useDeskQuery'
import { buildNameBook, type NameBook, type ReadState } from './name-book'

const NAMES_FRESH_MS = 60_000

/** A list already in hand counts as read even while a refresh of it fails: its names still hold. */
function readState(q: { data?: unknown; isError: boolean }): ReadState {
  return q.data !== undefined ? 'read' : q.isError ? 'failed' : 'loading'
}

/** The name book of the selected profile, from the cached wallet and destination reads (says so until they answer). */
export function useNameBook(): NameBook {
  // Names change rarely, and every row showing one mounts this: a minute-old answer is good enough here (screens
  // that show the wallets or the book themselves still read them fresh, which refreshes the names too).
  const wallets = useDeskQuery('wallets.list', {}, { staleTime: NAMES_FRESH_MS })
  const book = useDeskQuery('counterparties.list', {}, { staleTime: NAMES_FRESH_MS })
  const walletsRead = readState(wallets)
  const bookRead = readState(book)
  return useMemo(
    () => buildNameBook(wallets.data ?? [], book.data ?? [], { wallets: walletsRead, book: bookRead }),
    [wallets.data, book.data, walletsRead, bookRead],
  )
}
