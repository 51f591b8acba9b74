import type { Migration } from './migration'

export const m12: Migration = {
  version: 12,
  name: 'destination imports (a job per file, a state per row) and the last wallets read',
  sql: `
      CREATE TABLE destination_imports (
        id TEXT PRIMARY KEY, created_at TEXT NOT NULL, source TEXT NOT NULL, file_hash TEXT NOT NULL,
        state TEXT NOT NULL, row_count INTEGER NOT NULL, updated_at TEXT NOT NULL
      );
      CREATE INDEX destination_imports_hash ON destination_imports(file_hash);
      CREATE TABLE destination_import_rows (
        import_id TEXT NOT NULL REFERENCES destination_imports(id), line INTEGER NOT NULL, body TEXT NOT NULL,
        state TEXT NOT NULL, counterparty_id TEXT, error TEXT, updated_at TEXT NOT NULL,
        PRIMARY KEY (import_id, line)
      );
      CREATE TABLE wallet_reads (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL, read_at TEXT NOT NULL);
    `,
}
