import { PAYOUT_INDEX_SQL, PayoutIndex } from '../outbox/payout-index'
import type { Migration } from './migration'

export const m08: Migration = {
  version: 8,
  name: 'payout search: one row per payout with its folded search text, and private notes',
  sql: PAYOUT_INDEX_SQL,
  after: (db) => new PayoutIndex(db).rebuild(),
}
