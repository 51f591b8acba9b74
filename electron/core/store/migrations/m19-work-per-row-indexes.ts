import { WORK_PER_ROW_SQL } from '../payouts/work-per-row-indexes'
import type { Migration } from './migration'

export const m19: Migration = {
  version: 19,
  name: 'batch counts and single payouts by index, and the payouts waiting for approval by their creation time',
  sql: WORK_PER_ROW_SQL,
}
