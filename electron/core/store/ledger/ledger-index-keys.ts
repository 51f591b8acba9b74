/** The expressions the ledger's indexes are built on (the id index's key is in ledger-keys.ts). */

/**
 * Characters of a text hash, and bytes of a packed one (its tag and 6 hex digits, migration 17), the hash index holds:
 * a search checks the rest on the leg.
 */
export const HASH_TEXT_KEY = 12
export const HASH_BLOB_KEY = 4
export const HASH_KEY_SQL =
  `(CASE WHEN typeof(tx_hash) = 'blob' THEN substr(tx_hash, 1, ${HASH_BLOB_KEY}) ` +
  `ELSE lower(substr(tx_hash, 1, ${HASH_TEXT_KEY})) END)`

/** The party on the far side of a leg from its wallet, as the counterparty index holds it. */
export const COUNTERPARTY_SQL = "(CASE direction WHEN 'in' THEN from_party ELSE to_party END)"
