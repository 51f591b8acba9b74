import { DeskError } from './errors'

/** How a failed write that stopped a payout before it went out ends its message. */
export const NOTHING_SENT = '; nothing was sent.'

/**
 * A failed file operation as the user can act on it: which file, what happened, what to do. The
 * original error rides along as `cause` so the log keeps the detail. Null when it is no disk condition.
 */
export function diskError(err: unknown, file: string, doing: string): DeskError | null {
  const code = (err as NodeJS.ErrnoException | undefined)?.code
  let out: DeskError | null = null
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    out = new DeskError(
      'disk_full',
      `Could not ${doing}: the disk holding ${file} is full. Free some space and try again${NOTHING_SENT}`,
    )
  } else if (code === 'EROFS') {
    out = new DeskError(
      'disk_read_only',
      `Could not ${doing}: ${file} is on a read-only disk. Make it writable and try again${NOTHING_SENT}`,
    )
  } else if (code === 'EACCES' || code === 'EPERM') {
    out = new DeskError(
      'disk_permission',
      `Could not ${doing}: this user may not read or write ${file} (or its folder). Check the owner and permissions.`,
    )
  } else if (code === 'EIO') {
    out = new DeskError(
      'disk_error',
      `Could not ${doing}: the disk failed while writing ${file}. Check the disk${NOTHING_SENT}`,
    )
  }
  if (out) out.cause = err
  return out
}

/**
 * The same error where other payouts had gone out before it (a batch): `sent` says what went out instead of "nothing
 * was sent".
 */
export function afterSomeSent(err: DeskError, sent: string): DeskError {
  const base = err.message.endsWith(NOTHING_SENT) ? `${err.message.slice(0, -NOTHING_SENT.length)}.` : err.message
  const out = new DeskError(err.code, `${base} ${sent}`, err.requestId)
  out.cause = err
  return out
}
