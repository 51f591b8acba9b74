import { WAIT_NOTICES_SQL } from '../payouts/wait-notice-repo'
import type { Migration } from './migration'

export const m15: Migration = {
  version: 15,
  name: "reminders of payouts waiting on a person, and the withdrawal cache's change order and writer",
  sql: WAIT_NOTICES_SQL,
}
