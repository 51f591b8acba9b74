import type { Migration } from './migration'

/** The tables of electron/core/store/close/close-repo.ts. */
const CLOSE_SQL = `
  CREATE TABLE close_packs (
    id INTEGER PRIMARY KEY, period TEXT NOT NULL, time_zone TEXT NOT NULL, from_at TEXT NOT NULL,
    cutoff TEXT NOT NULL, closed_by TEXT NOT NULL, closed_at TEXT NOT NULL, note TEXT, manifest_sha256 TEXT NOT NULL,
    state TEXT NOT NULL, reopened_by TEXT, reopened_at TEXT, reason TEXT
  );
  CREATE UNIQUE INDEX close_packs_locked ON close_packs(period) WHERE state = 'locked';
  CREATE TABLE close_pack_files (
    pack_id INTEGER NOT NULL REFERENCES close_packs(id), name TEXT NOT NULL, bytes BLOB NOT NULL,
    PRIMARY KEY (pack_id, name)
  ) WITHOUT ROWID;
  CREATE TABLE close_pack_legs (
    pack_id INTEGER NOT NULL, leg_id TEXT NOT NULL, direction TEXT NOT NULL, status TEXT NOT NULL,
    PRIMARY KEY (pack_id, leg_id, direction)
  ) WITHOUT ROWID;
  CREATE TABLE close_adjustments (
    leg_id TEXT NOT NULL, direction TEXT NOT NULL, status TEXT NOT NULL, locked_period TEXT NOT NULL,
    pack_id INTEGER NOT NULL, PRIMARY KEY (leg_id, direction, status)
  ) WITHOUT ROWID;
  CREATE TABLE close_maps (
    version INTEGER PRIMARY KEY, from_period TEXT NOT NULL, imported_by TEXT NOT NULL, imported_at TEXT NOT NULL,
    file_sha256 TEXT NOT NULL
  );
  CREATE TABLE close_map_rows (
    version INTEGER NOT NULL, wallet TEXT NOT NULL, asset TEXT NOT NULL, kind TEXT NOT NULL, account TEXT NOT NULL,
    PRIMARY KEY (version, wallet, asset, kind)
  ) WITHOUT ROWID;
`

export const m29: Migration = {
  version: 29,
  name: 'month-end close: locked packs with their bytes and legs, adjustments, and the account mapping',
  sql: CLOSE_SQL,
}
