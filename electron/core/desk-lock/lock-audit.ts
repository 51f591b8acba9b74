import type { RouterLog } from '../ipc/router'
import { auditDeskEvent, type WithProfileStore } from '../people/use-cases'
import type { LockAuditEvent } from './desk-lock'

/**
 * Writes each lock, unlock, failure and confirmation into every profile's audit log (people/desk-audit: the lock is
 * the desk's, not one profile's), so one with no profile open is audited too. Rows wait for `ready` (the desk's
 * sessions are built after the lock, which locks on start); a desk without profiles keeps them in its log file.
 */
export function lockAudit(
  dataDir: string,
  ready: Promise<WithProfileStore>,
  log: RouterLog,
): (entry: LockAuditEvent) => void {
  return (entry) => {
    const at = new Date()
    const line = `desk ${entry.event}${entry.person ? ` (${entry.person})` : ''}`
    const { event, person, ...detail } = entry
    void ready
      .then((stores) =>
        auditDeskEvent(dataDir, stores, { path: `desk.${event}`, surface: 'app', by: person, detail }, at),
      )
      .then((written) => {
        if (written === 0) log.error(`${line}: no profile yet, so no audit log to record it in`)
      })
      .catch((err: unknown) => log.error(`${line}: not in every profile's audit log`, err))
  }
}
