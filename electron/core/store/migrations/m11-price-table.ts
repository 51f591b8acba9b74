import { PRICE_TABLE_SQL } from '../accounting/price-table-repo'
import type { Migration } from './migration'

export const m11: Migration = {
  version: 11,
  name: "the profile's price table for the accounting exports' fiat column",
  sql: PRICE_TABLE_SQL,
}
