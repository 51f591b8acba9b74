import type { DatabaseSync } from 'node:sqlite'

/** Work each open transaction runs once just before it commits, by name (see `atCommit`). */
const pending = new WeakMap<DatabaseSync, Map<string, { state: unknown; run: () => void }>>()

/**
 * Runs `work` in one write transaction. IMMEDIATE takes the write lock up front, so a
 * read-check-write (a state move, a pacer slot, a cap) can never interleave with another process.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) return work()
  db.exec('BEGIN IMMEDIATE')
  const finals = new Map<string, { state: unknown; run: () => void }>()
  pending.set(db, finals)
  try {
    const result = work()
    for (const final of finals.values()) final.run()
    pending.delete(db)
    db.exec('COMMIT')
    return result
  } catch (err) {
    pending.delete(db)
    if (db.isTransaction) db.exec('ROLLBACK')
    throw err
  }
}

/**
 * Inside `inTransaction`, the work named `name` runs once at its end, in it, however often it is asked for: `start`
 * makes it the first time, and its state (what to do, gathered by the callers) is returned each time. Null outside
 * such a transaction, where the caller does its work now.
 */
export function atCommit<T>(db: DatabaseSync, name: string, start: () => { state: T; run: () => void }): T | null {
  const finals = pending.get(db)
  if (!finals || !db.isTransaction) return null
  let final = finals.get(name)
  if (!final) {
    final = start()
    finals.set(name, final)
  }
  return final.state as T
}
