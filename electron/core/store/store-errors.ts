import { closeSync, openSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { diskError, NOTHING_SENT } from '../disk-error'
import { DeskError } from '../errors'

/** SQLite primary result codes (https://sqlite.org/rescode.html) the store answers specifically. */
const SQLITE = {
  PERM: 3,
  BUSY: 5,
  LOCKED: 6,
  READONLY: 8,
  IOERR: 10,
  CORRUPT: 11,
  FULL: 13,
  CANTOPEN: 14,
  NOTADB: 26,
} as const

interface SqliteLike {
  code?: string
  errcode?: number
  errstr?: string
  message?: string
}

/** Whether SQLite said another connection holds the lock it needs (BUSY or LOCKED, any extended code). */
export function isLockedOut(err: unknown): boolean {
  const code = (err as SqliteLike | null)?.errcode
  return typeof code === 'number' && ((code & 0xff) === SQLITE.BUSY || (code & 0xff) === SQLITE.LOCKED)
}

/**
 * Turns a failure of the profile's database (or the disk under it) into an error that says which
 * file and what to do. `doing` names the step, e.g. "record the payout". Already-specific errors pass.
 */
export function storeError(err: unknown, file: string, doing: string): DeskError {
  if (err instanceof DeskError) return err
  const fromDisk = diskError(err, file, doing)
  if (fromDisk) return fromDisk
  const e = (err ?? {}) as SqliteLike
  const primary = typeof e.errcode === 'number' ? e.errcode & 0xff : undefined
  const detail = e.errstr ?? e.message ?? String(err)
  if (primary === SQLITE.FULL) return withCause(diskError({ code: 'ENOSPC' }, file, doing)!, err)
  // SQLite reports a write the OS refused on a file system gone read-only (an ext4 error, a remount) as an I/O error.
  if (primary === SQLITE.READONLY || (primary === SQLITE.IOERR && onReadOnlyDisk(file))) {
    return withCause(
      new DeskError(
        'disk_read_only',
        `Could not ${doing}: ${file} is on a read-only disk or is read-only. Make it writable and try ` +
          `again${NOTHING_SENT}`,
      ),
      err,
    )
  }
  if (primary === SQLITE.PERM || primary === SQLITE.CANTOPEN) {
    return withCause(
      new DeskError(
        'disk_permission',
        `Could not ${doing}: this user may not open or write ${file} (or its folder). Check the file's owner ` +
          `and permissions.`,
      ),
      err,
    )
  }
  if (isLockedOut(err)) {
    return withCause(
      new DeskError(
        'store_locked',
        `Could not ${doing}: ${file} stayed locked by another Payout Desk process. Try again; if it persists, ` +
          `close the other process.`,
      ),
      err,
    )
  }
  if (primary === SQLITE.CORRUPT || primary === SQLITE.NOTADB) {
    return withCause(
      new DeskError(
        'store_corrupt',
        `Could not ${doing}: ${file} is not a readable Payout Desk database (${detail}). Move it aside and ` +
          `restore it from a backup; the app will not overwrite it.`,
      ),
      err,
    )
  }
  if (primary === SQLITE.IOERR) {
    return withCause(
      new DeskError(
        'disk_error',
        `Could not ${doing}: the disk failed while using ${file} (${detail}). Check the disk${NOTHING_SENT}`,
      ),
      err,
    )
  }
  return withCause(new DeskError('store_error', `Could not ${doing}: ${file} answered "${detail.slice(0, 200)}".`), err)
}

/**
 * Whether the file's folder refuses a new file with EROFS. An ext4 that went read-only on an error
 * still says "rw" to access(2) and statfs, so only a real write tells; this runs only after an I/O error.
 */
function onReadOnlyDisk(file: string): boolean {
  const probe = join(dirname(file), `.write-probe-${process.pid}`)
  try {
    closeSync(openSync(probe, 'w'))
    rmSync(probe, { force: true })
    return false
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EROFS'
  }
}

/** The SQLite or OS error stays attached for the log; the user sees the message. */
function withCause(error: DeskError, cause: unknown): DeskError {
  error.cause = cause
  return error
}
