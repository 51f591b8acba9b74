import type { Migration } from './migration'

const POLICY_VERSIONS_SQL = `
  CREATE TABLE policy_versions (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    body TEXT,
    set_at TEXT NOT NULL,
    set_by TEXT NOT NULL,
    effective_at TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('applied', 'pending', 'cancelled', 'superseded')),
    changes TEXT NOT NULL,
    ended_at TEXT,
    ended_by TEXT
  );
`

export const m22: Migration = {
  version: 22,
  name: 'agent policy versions: every policy a person set, with who, when, when in force and the fields changed',
  sql: POLICY_VERSIONS_SQL,
}
