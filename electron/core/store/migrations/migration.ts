import type { DatabaseSync } from 'node:sqlite'

/** One step of the schema: see index.ts for the order, and docs/developer-guide.md for adding one. */
export interface Migration {
  /** The `PRAGMA user_version` the database has after this step. */
  version: number
  name: string
  sql: string
  /** Work SQL cannot do (a rule that lives in shared/), run after `sql` in the same transaction. */
  after?: (db: DatabaseSync) => void
}
