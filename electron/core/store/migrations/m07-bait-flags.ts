import { BaitFlags } from '../ledger/bait-flags'
import { LedgerRepo } from '../ledger/ledger-repo'
import type { Migration } from './migration'

export const m07: Migration = {
  version: 7,
  name: 'suspected address poisoning: incoming dust from a look-alike of a known address, flagged on the leg',
  sql: `
      ALTER TABLE ledger_legs ADD COLUMN bait INTEGER;
      CREATE INDEX ledger_legs_bait ON ledger_legs(bait, at_ms) WHERE bait IS NOT NULL;
    `,
  // The opening sums are counted here, after the flags (each write moves their count). A ledger with a damaged
  // leg is left stale: its reports sum leg by leg and name the damage.
  after: (db) => {
    new BaitFlags(db).rejudge()
    new LedgerRepo(db).recountOpenings()
  },
}
