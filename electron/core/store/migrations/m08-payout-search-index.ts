import { markDueSql } from './derived'
import type { Migration } from './migration'

/**
 * The payout search index; its rows are derived from the outbox and the cache by today's folding, once every step has
 * run.
 */
const PAYOUT_INDEX_SQL = `
  CREATE TABLE payout_index (
    seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, payout_id TEXT UNIQUE, at_ms INTEGER NOT NULL, hit TEXT NOT
      NULL, haystack TEXT NOT NULL
  );
  CREATE INDEX payout_index_at ON payout_index(at_ms);
  CREATE VIRTUAL TABLE payout_fts USING fts5(haystack, content='payout_index', content_rowid='seq', tokenize='trigram');
  CREATE TRIGGER payout_index_ai AFTER INSERT ON payout_index BEGIN
    INSERT INTO payout_fts(rowid, haystack) VALUES (new.seq, new.haystack);
  END;
  CREATE TRIGGER payout_index_ad AFTER DELETE ON payout_index BEGIN
    INSERT INTO payout_fts(payout_fts, rowid, haystack) VALUES ('delete', old.seq, old.haystack);
  END;
  CREATE TRIGGER payout_index_au AFTER UPDATE ON payout_index BEGIN
    INSERT INTO payout_fts(payout_fts, rowid, haystack) VALUES ('delete', old.seq, old.haystack);
    INSERT INTO payout_fts(rowid, haystack) VALUES (new.seq, new.haystack);
  END;
  CREATE TABLE payout_notes (id TEXT PRIMARY KEY, note TEXT NOT NULL, updated_at TEXT NOT NULL, updated_by TEXT NOT
    NULL);
  CREATE INDEX outbox_withdrawal ON outbox(withdrawal_id);
`

export const m08: Migration = {
  version: 8,
  name: 'payout search: one row per payout with its folded search text, and private notes',
  sql: PAYOUT_INDEX_SQL + markDueSql('payout_index'),
}
