import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { DeskError } from '../errors'
import { compactIfDue } from './compaction'
import { deriveIfDue } from './derived-data'
import { MIGRATIONS, SCHEMA_VERSION, schemaVersion, type Migration } from './migrations'
import { FORGET_DUE_SQL } from './migrations/derived'
import { isLockedOut, storeError } from './store-errors'
import { inTransaction } from './transaction'

/** How long a write waits for another process's transaction before `store_locked` (they last milliseconds). */
export const BUSY_TIMEOUT_MS = 10_000

/**
 * Opens (creating if needed) a profile database: WAL so readers never wait for the writer and
 * several processes share the file; `synchronous=FULL` so a commit is on disk when it returns:
 * an outbox row is durable before the first attempt of its payout leaves the machine.
 */
export function openDatabase(
  file: string,
  migrations: readonly Migration[] = MIGRATIONS,
  busyTimeoutMs = BUSY_TIMEOUT_MS,
): DatabaseSync {
  let db: DatabaseSync | undefined
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
    db = new DatabaseSync(file, { timeout: busyTimeoutMs, enableForeignKeyConstraints: true })
    useWal(db, busyTimeoutMs)
    db.exec('PRAGMA synchronous = FULL')
    migrate(db, file, migrations)
    // Today's code derives data only from today's tables: a file opened at an older version (a test) waits.
    if (schemaVersion(db) === SCHEMA_VERSION) deriveIfDue(db)
    compactIfDue(db)
    return db
  } catch (err) {
    if (db?.isOpen) db.close()
    throw storeError(err, file, 'open the profile database')
  }
}

/**
 * A second connection to an opened profile database for writes that need not outlive a power cut:
 * the pacer's request log (after a reboot its window has long passed). `synchronous=NORMAL` in WAL
 * means a commit does not wait for the disk, so a pacer slot never holds the file's one write lock
 * through an fsync while other processes queue behind it for theirs. A process crash loses nothing
 * committed here; outbox and audit writes keep their own `synchronous=FULL` connection (where an attempt's audit
 * row alone commits without waiting: `DeskStore.transactionUnsynced`).
 */
export function openUnsyncedConnection(file: string, busyTimeoutMs = BUSY_TIMEOUT_MS): DatabaseSync {
  try {
    const db = new DatabaseSync(file, { timeout: busyTimeoutMs })
    db.exec('PRAGMA synchronous = NORMAL')
    return db
  } catch (err) {
    throw storeError(err, file, 'open the profile database')
  }
}

/**
 * A read-only connection holding one read transaction from the moment it opens: in WAL it goes on
 * seeing the database as it was then, whatever any connection commits later. Closing it ends the view.
 */
export function openSnapshotConnection(file: string): DatabaseSync {
  const db = new DatabaseSync(file, { readOnly: true, timeout: BUSY_TIMEOUT_MS })
  try {
    db.exec('BEGIN')
    // A deferred transaction takes its snapshot at its first read: take it now.
    db.prepare('SELECT count(*) FROM sqlite_master').get()
    return db
  } catch (err) {
    db.close()
    throw err
  }
}

/**
 * Turns WAL on (it stays on in the file). Switching takes the file's exclusive lock, and SQLite answers BUSY at once,
 * without waiting in its busy handler, while another process opens the same new file (the app, the connector and the
 * CLI starting together on a new profile): wait for that process as a write would.
 */
function useWal(db: DatabaseSync, busyTimeoutMs: number): void {
  const giveUpAt = Date.now() + busyTimeoutMs
  for (;;) {
    try {
      db.exec('PRAGMA journal_mode = WAL')
      return
    } catch (err) {
      if (!isLockedOut(err) || Date.now() >= giveUpAt) throw err
      Atomics.wait(PAUSE, 0, 0, 10) // opening is synchronous; the other process needs milliseconds
    }
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4))

function migrate(db: DatabaseSync, file: string, migrations: readonly Migration[]): void {
  const latest = migrations.length ? migrations[migrations.length - 1]!.version : 0
  const check = () => {
    const current = schemaVersion(db)
    if (current > latest) {
      throw new DeskError(
        'store_too_new',
        `${file} was written by a newer Payout Desk (database version ${current}; this app knows ${latest}). ` +
          `Update the app; the file was left untouched.`,
      )
    }
    return current
  }
  if (check() === latest) return
  inTransaction(db, () => {
    const current = check() // another process may have migrated while we waited for the lock
    for (const step of migrations) {
      if (step.version <= current) continue
      db.exec(step.sql)
      step.after?.(db)
      db.exec(`PRAGMA user_version = ${step.version}`)
    }
    if (current === 0) db.exec(FORGET_DUE_SQL)
  })
}

export { SCHEMA_VERSION }
