import type { PriceTableSummary } from '../../../../shared/api/accounting-export'
import type { DeskStore } from '../../store/desk-store'
import { priceTableRepo } from '../../store/accounting/price-table-repo'
import { parsePriceTable } from './price-table'

/**
 * Checks the whole file, then replaces the profile's price table with it in one transaction: the app's import and
 * `history prices import` alike.
 */
export function importPriceTable(store: DeskStore, text: string, source: string): PriceTableSummary {
  const rows = parsePriceTable(text)
  const prices = store.repo(priceTableRepo)
  return store.transaction('import the price table', () => {
    prices.replace(rows, source, new Date().toISOString())
    return prices.summary()
  })
}

export function priceTableSummary(store: DeskStore): PriceTableSummary {
  return store.read('read the price table', () => store.repo(priceTableRepo).summary())
}
