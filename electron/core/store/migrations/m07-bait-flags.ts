import { markDueSql } from './derived'
import type { Migration } from './migration'

export const m07: Migration = {
  version: 7,
  name: 'suspected address poisoning: incoming dust from a look-alike of a known address, flagged on the leg',
  // The flags and the opening sums (step 6) are derived once every step has run, the sums after the flags (each write
  // moves their count). A ledger with a damaged leg is left stale: its reports sum leg by leg and name the damage.
  sql:
    `
      ALTER TABLE ledger_legs ADD COLUMN bait INTEGER;
      CREATE INDEX ledger_legs_bait ON ledger_legs(bait, at_ms) WHERE bait IS NOT NULL;
    ` +
    markDueSql('bait_flags') +
    markDueSql('opening_sums'),
}
