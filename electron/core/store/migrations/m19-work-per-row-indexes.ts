import type { Migration } from './migration'

/** The expression `approvalsDue` asks, as this step indexed it. */
const WAITING_SINCE = "julianday(json_extract(body, '$.created_at'))"

const WORK_PER_ROW_SQL = `
  CREATE INDEX outbox_batch_state ON outbox(batch_id, state);
  DROP INDEX outbox_batch;
  CREATE INDEX withdrawal_cache_waiting ON withdrawal_cache(status, ${WAITING_SINCE});
  DROP INDEX withdrawal_cache_status;
  CREATE INDEX pacer_slots_bucket_end ON pacer_slots(bucket, ended_ms);
  DROP INDEX pacer_slots_bucket;
`

export const m19: Migration = {
  version: 19,
  name: 'batch counts and single payouts by index, and the payouts waiting for approval by their creation time',
  sql: WORK_PER_ROW_SQL,
}
