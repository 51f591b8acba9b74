/**
 * The key's window counted as it changes: a batch against a generous limit keeps thousands of slots in the minute, and
 * counting them on every request made each request cost as much as all those before it. Triggers keep the counts in
 * the same transaction as the slots, so every process reads the same figures; a slot whose end is not a number is
 * found through a partial index that holds only such slots (normally none).
 */
export const PACER_COUNTS_SQL = `
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

/**
 * The condition of the partial index `pacer_slots_odd`, repeated word for word by its query (named with INDEXED BY: the
 * planner would rather scan the bucket in the covering index of slot ends).
 */
export const ODD_END = "typeof(ended_ms) NOT IN ('integer', 'real', 'null')"
