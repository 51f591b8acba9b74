import type { Migration } from './migration'

const LEG_NOTES_SQL = `
  CREATE TABLE ledger_leg_notes (
    leg_id TEXT NOT NULL, leg_key BLOB NOT NULL, direction TEXT NOT NULL, note TEXT, tags TEXT NOT NULL, search TEXT
      NOT NULL,
    updated_at TEXT NOT NULL, updated_by TEXT NOT NULL, PRIMARY KEY (leg_id, direction)
  );
  CREATE TABLE ledger_leg_tags (tag TEXT NOT NULL, leg_key BLOB NOT NULL, direction TEXT NOT NULL, PRIMARY KEY (tag,
    leg_key, direction)) WITHOUT ROWID;
`

export const m14: Migration = {
  version: 14,
  name: "private notes and tags on ledger movements, kept beside the ledger by the leg's id and direction",
  sql: LEG_NOTES_SQL,
}
