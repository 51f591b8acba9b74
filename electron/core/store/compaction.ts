import type { DatabaseSync } from 'node:sqlite'

/** The meta row a migration leaves when it freed many pages: the next open gives them back to the disk. */
export const COMPACT_DUE = 'compact_due'

/**
 * VACUUM once after a migration that rewrote large tables (an upgraded file keeps their old pages otherwise). It cannot
 * run inside the migration's transaction, so it runs after it; VACUUM is itself atomic, so a crash midway leaves the
 * store as it was, still due, and a busy file (another process writing) is compacted at a later open.
 */
export function compactIfDue(db: DatabaseSync): void {
  const due =
    db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'meta'").get() &&
    db.prepare('SELECT 1 FROM meta WHERE name = ?').get(COMPACT_DUE)
  if (!due) return
  try {
    db.exec('VACUUM')
    db.prepare('DELETE FROM meta WHERE name = ?').run(COMPACT_DUE)
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  } catch {
    // Left due: the store is whole either way, only larger than it needs to be.
  }
}
