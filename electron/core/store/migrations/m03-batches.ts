import type { Migration } from './migration'

export const m03: Migration = {
  version: 3,
  name: 'batches: a batch header and the file line of each of its outbox entries',
  sql: `
      CREATE TABLE batches (
        id TEXT PRIMARY KEY, created_at TEXT NOT NULL, requested_by TEXT NOT NULL, source TEXT NOT NULL,
        state TEXT NOT NULL, row_count INTEGER NOT NULL, grand_total TEXT NOT NULL, updated_at TEXT NOT NULL
      );
      CREATE TABLE batch_rows (
        key TEXT PRIMARY KEY REFERENCES outbox(key), batch_id TEXT NOT NULL REFERENCES batches(id),
        line INTEGER NOT NULL, destination_name TEXT NOT NULL
      );
      CREATE INDEX batch_rows_batch ON batch_rows(batch_id);
    `,
}
