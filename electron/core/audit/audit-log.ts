import type { AuditLine, AuditSink } from '../api/audit-sink'
import { afterSomeSent } from '../disk-error'
import { DeskError } from '../errors'
import type { DeskStore } from '../store'

/**
 * The profile's audit log, rows in the store's hash chain. Recording an attempt never stops the
 * attempt's caller (the request already happened): a failed write is reported to `onError`, and the
 * outbox, written in its own transaction, stays the record of what became of the payout. An attempt's row does not
 * wait for the disk on its own: it reaches it with the outbox's next commit (see `transactionUnsynced`).
 */
export class AuditLog implements AuditSink {
  constructor(
    private readonly store: DeskStore,
    private readonly actor: string | null,
    private readonly onError: (err: unknown) => void = reportToStderr,
  ) {}

  record(line: AuditLine): void {
    try {
      this.store.transactionUnsynced('write the audit log', () =>
        this.store.audit.append({
          ...line,
          kind: line.method === 'MCP' ? 'tool' : 'http',
          actor: this.actor,
          detail: null,
        }),
      )
    } catch (err) {
      this.onError(err)
    }
  }

  /** The last `limit` rows, oldest first, in the shape the app shows. */
  tail(limit: number): AuditLine[] {
    return this.store
      .read('read the audit log', () => this.store.audit.tail(limit))
      .map(({ at, method, path, status, errorCode, requestId, idempotencyKey }) => ({
        at,
        method,
        path,
        status,
        errorCode,
        requestId,
        idempotencyKey,
      }))
  }
}

/** One line with the error's code (disk_full, disk_read_only, ...) so a log reader can tell a disk from a bug. */
function reportToStderr(err: unknown): void {
  const code = (err as { code?: unknown })?.code
  // The row records a request already made: never "nothing was sent" about it.
  const told =
    err instanceof DeskError
      ? afterSomeSent(err, 'The request it records was made; what became of it is in the outbox.')
      : err
  process.stderr.write(
    `payout-desk: audit log: ` +
      `${typeof code === 'string' ? `${code}: ` : ''}${(told as Error)?.message ?? String(told)}\n`,
  )
}
