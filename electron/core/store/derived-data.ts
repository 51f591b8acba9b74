import type { DatabaseSync } from 'node:sqlite'
import { rebuildKnownAddresses } from './destinations/known-addresses-rebuild'
import { BaitFlags } from './ledger/bait-flags'
import { LedgerRepo } from './ledger/ledger-repo'
import { DERIVED, dueMark, type Derived } from './migrations/derived'
import { PayoutIndex } from './outbox/payout-index'
import { inTransaction } from './transaction'

/** How today's code derives each kind of data a migration step marked due, in DERIVED's order. */
const DERIVE: Record<Derived, (db: DatabaseSync) => void> = {
  known_addresses: rebuildKnownAddresses,
  // Judged against the known addresses, so after them.
  bait_flags: (db) => new BaitFlags(db).rejudge(),
  // After the flags (each write moves the sums' count). A damaged leg leaves the sums stale: reports sum leg by leg.
  opening_sums: (db) => void new LedgerRepo(db).recountOpenings(),
  payout_index: (db) => new PayoutIndex(db).rebuild(),
}

/**
 * Once the store is at the app's version: the data migration steps marked due, derived by today's rules from today's
 * tables, each in one transaction with clearing its mark (migrations/derived.ts).
 */
export function deriveIfDue(db: DatabaseSync): void {
  const due = db.prepare('SELECT 1 FROM meta WHERE name = ?')
  for (const what of DERIVED) {
    if (due.get(dueMark(what)) === undefined) continue
    inTransaction(db, () => {
      if (due.get(dueMark(what)) === undefined) return // another process derived it while this one waited
      DERIVE[what](db)
      db.prepare('DELETE FROM meta WHERE name = ?').run(dueMark(what))
    })
  }
}
