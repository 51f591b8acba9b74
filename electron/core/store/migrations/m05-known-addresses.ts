import { markDueSql } from './derived'
import type { Migration } from './migration'

/**
 * Every address the profile trusts or has seen, once per network, spelling and source, keyed by its look-alike key
 * first. Its rows are derived from the ledger and the payouts by today's look-alike rule, once every step has run.
 */
const KNOWN_ADDRESSES_SQL = `
  CREATE TABLE known_addresses (
    network TEXT NOT NULL, address TEXT NOT NULL, source TEXT NOT NULL, look TEXT NOT NULL,
    label TEXT, seen_at TEXT NOT NULL,
    PRIMARY KEY (network, look, address, source)
  ) WITHOUT ROWID;
`

export const m05: Migration = {
  version: 5,
  name: 'known addresses: every address the profile trusts or has seen, by network and look-alike key',
  sql: KNOWN_ADDRESSES_SQL + markDueSql('known_addresses'),
}
