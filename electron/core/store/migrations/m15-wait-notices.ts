import type { Migration } from './migration'

const WAIT_NOTICES_SQL = `
  CREATE TABLE wait_notices (kind TEXT NOT NULL, id TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (kind, id));
  ALTER TABLE withdrawal_cache ADD COLUMN status TEXT;
  ALTER TABLE withdrawal_cache ADD COLUMN change_seq INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE withdrawal_cache ADD COLUMN writer TEXT;
  UPDATE withdrawal_cache SET change_seq = rowid, status = CASE WHEN json_valid(body) THEN json_extract(body,
    '$.status') END;
  CREATE INDEX withdrawal_cache_status ON withdrawal_cache(status);
  CREATE INDEX withdrawal_cache_change ON withdrawal_cache(change_seq);
`

export const m15: Migration = {
  version: 15,
  name: "reminders of payouts waiting on a person, and the withdrawal cache's change order and writer",
  sql: WAIT_NOTICES_SQL,
}
