import type { DatabaseSync } from 'node:sqlite'
import { canonicalAddress, lookalikeKey } from '../../../../shared/address/lookalike'
import { createdAtSql } from '../ledger/ledger-created-at'

/** A leg's network as its word: the legs store the number of a word (ledger-words.ts). */
const NETWORK = '(SELECT word FROM ledger_words WHERE id = l.network)'

/**
 * The two rules as SQL functions on this connection, so a rebuild is one statement per source rather than a row-by-row
 * loop.
 */
function registerRules(db: DatabaseSync): void {
  const fn = { deterministic: true, directOnly: true }
  db.function('desk_lookalike_key', fn, (network, address) =>
    typeof network === 'string' && typeof address === 'string' ? lookalikeKey(network, address) : null,
  )
  db.function('desk_canonical_address', fn, (network, address) =>
    typeof network === 'string' && typeof address === 'string' ? canonicalAddress(network, address) : null,
  )
}

/**
 * Derives what the store itself holds: every party of a ledger leg (with the leg's network) and every
 * completed payout the app has read. The destination book and own deposit addresses live at the provider
 * and are noted each time they are read. Runs in the caller's transaction (after the migration that made the index,
 * or a ledger reset).
 */
export function rebuildKnownAddresses(db: DatabaseSync): void {
  registerRules(db)
  db.exec("DELETE FROM known_addresses WHERE source IN ('ledger', 'payout')")
  db.exec(`
    INSERT INTO known_addresses (network, address, source, look, label, seen_at)
    SELECT network, desk_canonical_address(network, address) AS canon, 'ledger', desk_lookalike_key(network,
      address), MAX(name), MIN(created_at)
    FROM (
      SELECT ${NETWORK} AS network, p.address, p.name, ${createdAtSql('l')} AS created_at FROM ledger_legs l JOIN
        ledger_parties p ON p.id = l.from_party WHERE l.network IS NOT NULL
      UNION ALL
      SELECT ${NETWORK} AS network, p.address, p.name, ${createdAtSql('l')} AS created_at FROM ledger_legs l JOIN
        ledger_parties p ON p.id = l.to_party WHERE l.network IS NOT NULL
    )
    WHERE desk_lookalike_key(network, address) IS NOT NULL
    GROUP BY network, canon
  `)
  db.exec(`
    INSERT INTO known_addresses (network, address, source, look, label, seen_at)
    SELECT network, desk_canonical_address(network, destination) AS canon, 'payout', desk_lookalike_key(network,
      destination), NULL, MIN(updated_at)
    FROM (
      SELECT json_extract(body, '$.network') AS network, json_extract(body, '$.destination') AS destination,
        json_extract(body, '$.updated_at') AS updated_at
      FROM withdrawal_cache WHERE json_valid(body) AND json_extract(body, '$.status') = 'completed'
    )
    WHERE network IS NOT NULL AND desk_lookalike_key(network, destination) IS NOT NULL
    GROUP BY network, canon
  `)
}
