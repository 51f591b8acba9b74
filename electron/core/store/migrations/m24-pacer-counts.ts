import type { Migration } from './migration'

const PACER_COUNTS_SQL = `
  CREATE TABLE pacer_counts (bucket TEXT PRIMARY KEY, n INTEGER NOT NULL, background INTEGER NOT NULL);
  INSERT INTO pacer_counts (bucket, n, background)
    SELECT bucket, COUNT(*), SUM(priority = 'background') FROM pacer_slots GROUP BY bucket;
  CREATE TRIGGER pacer_slots_count_ai AFTER INSERT ON pacer_slots BEGIN
    INSERT INTO pacer_counts (bucket, n, background) VALUES (new.bucket, 1, new.priority = 'background')
      ON CONFLICT(bucket) DO UPDATE SET n = n + 1, background = background + (new.priority = 'background');
  END;
  CREATE TRIGGER pacer_slots_count_ad AFTER DELETE ON pacer_slots BEGIN
    UPDATE pacer_counts SET n = n - 1, background = background - (old.priority = 'background')
      WHERE bucket = old.bucket;
  END;
  CREATE TRIGGER pacer_slots_count_au AFTER UPDATE OF bucket, priority ON pacer_slots BEGIN
    UPDATE pacer_counts SET n = n - 1, background = background - (old.priority = 'background')
      WHERE bucket = old.bucket;
    INSERT INTO pacer_counts (bucket, n, background) VALUES (new.bucket, 1, new.priority = 'background')
      ON CONFLICT(bucket) DO UPDATE SET n = n + 1, background = background + (new.priority = 'background');
  END;
  CREATE INDEX pacer_slots_odd ON pacer_slots(bucket) WHERE typeof(ended_ms) NOT IN ('integer', 'real', 'null');
`

export const m24: Migration = {
  version: 24,
  name: "the pacer's window counted as it changes, not slot by slot on every request",
  sql: PACER_COUNTS_SQL,
}
