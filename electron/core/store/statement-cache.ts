import type { DatabaseSync, StatementSync } from 'node:sqlite'

/** Compiled statements per connection, by their text. */
const compiled = new WeakMap<DatabaseSync, Map<string, StatementSync>>()

/**
 * The connection's statement for `sql`, compiled on first use: compiling costs several times what running a short
 * statement does, and a payout's path runs dozens. Only for fixed text run with get, all or run (each call runs to its
 * end); a statement walked with iterate() is prepared afresh, since a nested use of a shared one would restart it.
 */
export function statement(db: DatabaseSync, sql: string): StatementSync {
  let byText = compiled.get(db)
  if (!byText) compiled.set(db, (byText = new Map()))
  let prepared = byText.get(sql)
  if (!prepared) byText.set(sql, (prepared = db.prepare(sql)))
  return prepared
}
