/**
 * The audit rows by kind, newest last: the agent's stop switch, its policy, pending change and grants are each the last
 * row of some kinds, read at every agent send and by the app's top bar every few seconds; without it each read scanned
 * the whole log.
 */
export const AUDIT_BY_PATH_SQL = `
  CREATE INDEX audit_by_path ON audit(json_extract(entry, '$.path'), seq);
`
