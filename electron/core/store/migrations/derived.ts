/**
 * What a step cannot freeze: data derived from the store by today's rules (look-alike keys, dust, search folding,
 * opening sums). A step that needs it marks it due in `meta`; once the store reaches the app's version, today's code
 * derives it from today's tables and clears the mark (store/derived-data.ts). A crash before that leaves it due.
 */
export const DERIVED = ['known_addresses', 'bait_flags', 'opening_sums', 'payout_index'] as const
export type Derived = (typeof DERIVED)[number]

/** The `meta` row marking `what` due. */
export const dueMark = (what: Derived) => `derive_due:${what}`

/** A step's SQL marking `what` due. */
export const markDueSql = (what: Derived) =>
  `INSERT INTO meta (name, value) VALUES ('${dueMark(what)}', '1') ON CONFLICT (name) DO NOTHING;`

/** A new file has nothing to derive from: its steps' marks go (each derivation of empty tables changes nothing). */
export const FORGET_DUE_SQL = "DELETE FROM meta WHERE name LIKE 'derive_due:%'"
