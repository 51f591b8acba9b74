import { AUDIT_BY_PATH_SQL } from '../audit/audit-by-path'
import type { Migration } from './migration'

export const m23: Migration = {
  version: 23,
  name: 'audit rows found by kind: the last stop, policy or grant without reading the whole log',
  sql: AUDIT_BY_PATH_SQL,
}
