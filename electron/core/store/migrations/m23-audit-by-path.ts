import type { Migration } from './migration'

const AUDIT_BY_PATH_SQL = `
  CREATE INDEX audit_by_path ON audit(json_extract(entry, '$.path'), seq);
`

export const m23: Migration = {
  version: 23,
  name: 'audit rows found by kind: the last stop, policy or grant without reading the whole log',
  sql: AUDIT_BY_PATH_SQL,
}
