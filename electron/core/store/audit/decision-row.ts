import type { AuditEntry } from './audit-chain'

/**
 * A local decision as an audit row (a check, a change, a release, what the provider altered): who, when, what, and
 * why in `detail`. Every decision row is built here; features call it through audit/decision-entry.ts, typed by path.
 */
export function decisionRow(
  at: Date | string,
  path: string,
  actor: string,
  idempotencyKey: string | null,
  detail: Record<string, unknown>,
  errorCode: string | null = null,
): AuditEntry {
  return {
    at: typeof at === 'string' ? at : at.toISOString(),
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
