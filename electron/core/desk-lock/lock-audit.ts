import { decisionEntry } from '../audit/decision-entry'
import { who } from '../audit/who'
import type { RouterLog } from '../ipc/router'
import type { TreasurySession } from '../session'
import type { LockAuditEvent } from './desk-lock'

/**
 * Writes each lock, unlock, failure and confirmation to the open profile's audit log (its hash chain); with no
 * profile open, to the data folder's log.
 */
export function lockAudit(session: () => Promise<TreasurySession>, log: RouterLog): (entry: LockAuditEvent) => void {
  return (entry) => {
    const at = new Date()
    const line = `desk ${entry.event}${entry.person ? ` (${entry.person})` : ''}`
    // Later than the call: the lock is built before the session host it writes through.
    void Promise.resolve()
      .then(session)
      .then(({ store }) =>
        store.transaction('record a desk lock', () =>
          store.audit.append(
            decisionEntry(at, `desk.${entry.event}` as const, who('app', entry.person ?? 'nobody'), null, {
              ...entry,
              by: entry.person,
            }),
          ),
        ),
      )
      .catch((err: unknown) => log.error(`${line}: not in a profile's audit log`, err))
  }
}
