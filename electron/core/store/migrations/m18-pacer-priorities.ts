import { PACER_PRIORITY_SQL } from '../pacing/pacer-ledger'
import type { Migration } from './migration'

export const m18: Migration = {
  version: 18,
  name: "the pacer's priorities: who waited for each request, and a person's request waiting on the key",
  sql: PACER_PRIORITY_SQL,
}
