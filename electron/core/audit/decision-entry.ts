import type { DecisionPath } from '../../../shared/audit/activity-action'
import type { AuditEntry } from '../store'

/**
 * A local decision as an audit row (a policy check, a policy change, a release): who, when, what, and why in `detail`.
 */
export function decisionEntry(
  at: Date,
  path: DecisionPath,
  actor: string,
  idempotencyKey: string | null,
  detail: Record<string, unknown>,
  errorCode: string | null = null,
): AuditEntry {
  return {
    at: at.toISOString(),
    kind: 'decision',
    method: 'LOCAL',
    path,
    status: null,
    errorCode,
    requestId: null,
    idempotencyKey,
    actor,
    detail,
  }
}
