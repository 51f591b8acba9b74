import type { Migration } from './migration'

export const m01: Migration = {
  version: 1,
  name: 'outbox, audit chain, shared pacer, processes and leases',
  sql: `
      CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE processes (
        token TEXT PRIMARY KEY, pid INTEGER NOT NULL, role TEXT NOT NULL,
        started_at TEXT NOT NULL, heartbeat_ms INTEGER NOT NULL
      );
      CREATE TABLE leases (resource TEXT PRIMARY KEY, process TEXT NOT NULL, taken_ms INTEGER NOT NULL);
      CREATE TABLE outbox (
        key TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, body TEXT NOT NULL,
        created_at TEXT NOT NULL, requested_by TEXT NOT NULL, state TEXT NOT NULL,
        withdrawal_id TEXT, error TEXT, sender TEXT, updated_at TEXT NOT NULL,
        not_before TEXT, reference TEXT, batch_id TEXT
      );
      CREATE INDEX outbox_batch ON outbox(batch_id);
      CREATE INDEX outbox_state ON outbox(state);
      CREATE TABLE outbox_outcomes (
        id INTEGER PRIMARY KEY, key TEXT NOT NULL REFERENCES outbox(key), state TEXT NOT NULL,
        withdrawal_id TEXT, error TEXT, not_before TEXT, at TEXT NOT NULL, process TEXT NOT NULL
      );
      CREATE INDEX outbox_outcomes_key ON outbox_outcomes(key);
      CREATE TABLE audit (seq INTEGER PRIMARY KEY, entry TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL);
      CREATE TABLE audit_head (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL, hash TEXT NOT NULL);
      CREATE TABLE pacer_slots (
        id INTEGER PRIMARY KEY, bucket TEXT NOT NULL, started_ms INTEGER NOT NULL,
        ended_ms INTEGER, process TEXT NOT NULL
      );
      CREATE INDEX pacer_slots_bucket ON pacer_slots(bucket);
      CREATE TABLE pacer_blocks (bucket TEXT PRIMARY KEY, until_ms INTEGER NOT NULL);
      CREATE TABLE withdrawal_cache (id TEXT PRIMARY KEY, body TEXT NOT NULL, read_at TEXT NOT NULL);
    `,
}
