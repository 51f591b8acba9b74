import type { DecisionPath } from '../../../shared/audit/activity-action'
import type { AuditEntry } from '../store'
import { decisionRow } from '../store/audit/decision-row'

/**
 * A local decision as an audit row (a policy check, a policy change, a release): who, when, what, and why in `detail`.
 * Its path is one the activity view names (shared/audit/activity-action.ts).
 */
export function decisionEntry(
  at: Date,
  path: DecisionPath,
  actor: string,
  idempotencyKey: string | null,
  detail: Record<string, unknown>,
  errorCode: string | null = null,
): AuditEntry {
  return decisionRow(at, path, actor, idempotencyKey, detail, errorCode)
}
