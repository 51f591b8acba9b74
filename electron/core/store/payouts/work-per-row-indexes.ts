/**
 * Indexes that keep what the desk does after each outbox change from reading every other row: a batch's counts by
 * state and the single payouts come from one index (no row read); the payouts waiting for approval are found by
 * status and creation instant, so the ones not yet due are never read (the expression is the one `approvalsDue` asks);
 * the pacer's answered slots leave its window by a range of the index.
 */
export const WAITING_SINCE = "julianday(json_extract(body, '$.created_at'))"

export const WORK_PER_ROW_SQL = `
  CREATE INDEX outbox_batch_state ON outbox(batch_id, state);
  DROP INDEX outbox_batch;
  CREATE INDEX withdrawal_cache_waiting ON withdrawal_cache(status, ${WAITING_SINCE});
  DROP INDEX withdrawal_cache_status;
  CREATE INDEX pacer_slots_bucket_end ON pacer_slots(bucket, ended_ms);
  DROP INDEX pacer_slots_bucket;
`
