import type { ActivityFilter, ActivityRowData, Verification } from '../../../shared/ipc/channels/activity'
import type { AuditEntry, DeskStore } from '../store'
import { activityPage, verifyActivity } from './activity'

/** A page of the audit log as Activity reads it, newest first. */
export const readActivity = (
  store: DeskStore,
  input: ActivityFilter & { beforeSeq?: number; limit?: number },
): { rows: ActivityRowData[]; nextBefore: number | null } => activityPage(store, input)

/**
 * Checks the audit log's hash chain: `whole` walks it from the first row, else from the last checkpoint. Either way
 * the checkpoint is kept (or cleared on a break), so the app and the CLI leave the same state for the next check.
 */
export const verifyAuditLog = (store: DeskStore, whole: boolean): Verification => verifyActivity(store, whole)

/** Every row of the audit log, oldest first. */
export const auditRows = (store: DeskStore): Array<AuditEntry & { seq: number }> =>
  store.read('read the audit log', () => store.audit.all())

/** The filtered audit log written as CSV to `target`, cancellable, with progress. */
export { exportActivityCsv as exportActivity } from './activity-export'

/** Who wrote a payout, a note or a policy, in the one form every surface uses. */
export { localPerson, who, whoAmI, type Surface } from './who'
export { decisionEntry } from './decision-entry'
export { AuditLog } from './audit-log'
