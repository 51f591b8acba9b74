import { KNOWN_ADDRESSES_SQL, rebuildKnownAddresses } from '../destinations/known-addresses-rebuild'
import type { Migration } from './migration'

export const m05: Migration = {
  version: 5,
  name: 'known addresses: every address the profile trusts or has seen, by network and look-alike key',
  sql: KNOWN_ADDRESSES_SQL,
  after: rebuildKnownAddresses,
}
