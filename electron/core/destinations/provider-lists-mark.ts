import type { Counterparty, Wallet } from '../../../shared/api/resources'
import type { DeskStore } from '../store'

/**
 * What the index took from the provider's book and own addresses, field by field in list order. A check reads the
 * provider's lists every time (a destination may have been added in the provider's console); comparing them with
 * this mark allocates nothing, so a check with a book of 10,000 unchanged entries costs a walk over it, not a write.
 */
type Fields = ReadonlyArray<string | null>

/** Calls `see` with each field the index takes, stopping at the first false. */
function visit(
  book: readonly Counterparty[],
  wallets: readonly Wallet[],
  see: (field: string | null) => boolean,
): boolean {
  for (const c of book) if (!see(c.network) || !see(c.address) || !see(c.label) || !see(c.created_at)) return false
  for (const w of wallets) {
    // The count keeps a wallet's name from being read as another wallet's network.
    if (!see(w.name) || !see(String(w.deposit_addresses.length))) return false
    for (const d of w.deposit_addresses) if (!see(d.network) || !see(d.address)) return false
  }
  return true
}

export function fieldsOf(book: readonly Counterparty[], wallets: readonly Wallet[]): Fields {
  const fields: Array<string | null> = []
  visit(book, wallets, (f) => fields.push(f) > 0)
  return fields
}

function sameFields(fields: Fields, book: readonly Counterparty[], wallets: readonly Wallet[]): boolean {
  let i = 0
  return visit(book, wallets, (f) => fields[i++] === f) && i === fields.length
}

/** Per store: the lists last written to its index, and the index's reset mark at the time. */
const written = new WeakMap<DeskStore, { reset: string; fields: Fields }>()

/** True when these lists are what this process last wrote to the store's index, and no reset emptied it since. */
export function providerListsUnchanged(
  store: DeskStore,
  reset: string,
  book: readonly Counterparty[],
  wallets: readonly Wallet[],
): boolean {
  const mark = written.get(store)
  return mark !== undefined && mark.reset === reset && sameFields(mark.fields, book, wallets)
}

/** After the lists were written and committed. */
export function markProviderLists(store: DeskStore, reset: string, fields: Fields): void {
  written.set(store, { reset, fields })
}

/** After a write that did not commit: the next check writes again. */
export function forgetProviderLists(store: DeskStore): void {
  written.delete(store)
}
