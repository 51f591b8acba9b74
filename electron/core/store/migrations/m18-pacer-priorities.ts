import type { Migration } from './migration'

const PACER_PRIORITY_SQL = `
  ALTER TABLE pacer_slots ADD COLUMN priority TEXT NOT NULL DEFAULT 'interactive';
  CREATE TABLE pacer_waiting (bucket TEXT NOT NULL, process TEXT NOT NULL, until_ms INTEGER NOT NULL, PRIMARY KEY
    (bucket, process));
`

export const m18: Migration = {
  version: 18,
  name: "the pacer's priorities: who waited for each request, and a person's request waiting on the key",
  sql: PACER_PRIORITY_SQL,
}
