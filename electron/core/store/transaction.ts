import type { DatabaseSync } from 'node:sqlite'

/**
 * Runs `work` in one write transaction. IMMEDIATE takes the write lock up front, so a
 * read-check-write (a state move, a pacer slot, a cap) can never interleave with another process.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) return work()
  db.exec('BEGIN IMMEDIATE')
  try {
    const result = work()
    db.exec('COMMIT')
    return result
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw err
  }
}
