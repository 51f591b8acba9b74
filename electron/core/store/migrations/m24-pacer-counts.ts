import { PACER_COUNTS_SQL } from '../pacing/pacer-counts'
import type { Migration } from './migration'

export const m24: Migration = {
  version: 24,
  name: "the pacer's window counted as it changes, not slot by slot on every request",
  sql: PACER_COUNTS_SQL,
}
