/**
 * A waiting payout's creation instant, as the index of the payouts waiting for approval holds it (migration 19): a
 * query finds them through that index only with this expression, so the ones not yet due are never read.
 */
export const WAITING_SINCE = "julianday(json_extract(body, '$.created_at'))"
