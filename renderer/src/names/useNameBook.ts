import { useMemo } from 'react'
import { useDeskQuery } from '../data/useDeskQuery'
import { buildNameBook, type NameBook } from './name-book'

/** The name book of the selected profile, from the cached wallet and destination reads (empty until they answer). */
export function useNameBook(): NameBook {
  const wallets = useDeskQuery('wallets.list', {})
  const book = useDeskQuery('counterparties.list', {})
  return useMemo(() => buildNameBook(wallets.data ?? [], book.data ?? []), [wallets.data, book.data])
}
