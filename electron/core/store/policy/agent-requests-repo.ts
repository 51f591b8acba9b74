import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { RepoFactory } from '../repo-factory'
import { rowOf, rowsOf } from '../scalar-rows'

const StateRowSchema = z.object({ key: z.string(), state: z.string() })
const AuditTextSchema = z.object({ entry: z.string() })
/** What the backtest reads of a policy decision's audit entry; the chain's own check reads the rest. */
const EntrySchema = z.object({
  at: z.string(),
  path: z.enum(['policy.allowed', 'policy.held', 'policy.denied']),
  idempotencyKey: z.unknown().optional(),
  detail: z.record(z.string(), z.unknown()).optional(),
})

/** An agent's payout request as the audit log recorded the policy's first decision on it, and its outbox state. */
export interface RecordedRequest {
  key: string | null
  at: string
  path: 'policy.allowed' | 'policy.held' | 'policy.denied'
  rule: string | null
  /** Null in rows recorded before a refusal kept the payout's facts. */
  asset: string | null
  amount: string | null
  network: string | null
  destination: string | null
  destinationId: string | null
  verifiedAt: string | null
  /** The outbox state of the key now (null: never recorded, e.g. refused at the request). */
  state: string | null
}

/** The agent's recorded payout requests for the backtest: the store only, no network. */
export class AgentRequestsRepo {
  constructor(private readonly db: DatabaseSync) {}

  /** Oldest first (by their time: rows appended out of order are replayed in order), from `since` to `until`. */
  since(since: string, until: string): RecordedRequest[] {
    const states = new Map(
      rowsOf(
        StateRowSchema,
        this.db.prepare("SELECT key, state FROM outbox WHERE requested_by = 'agent'").all(),
        'outbox',
      ).map((r) => [r.key, r.state]),
    )
    const out: RecordedRequest[] = []
    // One JSON parse per row here, rather than one json_extract per field in SQL.
    for (const { entry } of rowsOf(
      AuditTextSchema,
      this.db
        .prepare(
          `SELECT entry FROM audit
           WHERE json_extract(entry, '$.path') IN ('policy.allowed', 'policy.held', 'policy.denied')
           AND json_extract(entry, '$.at') >= ? AND json_extract(entry, '$.at') < ? ORDER BY seq`,
        )
        .all(since, until),
      'audit',
    )) {
      const e = rowOf(EntrySchema, JSON.parse(entry), 'audit')
      const d = e.detail ?? {}
      if (d.tool !== 'request_withdrawal') continue
      const key = typeof e.idempotencyKey === 'string' ? e.idempotencyKey : null
      out.push({
        key,
        at: e.at,
        path: e.path,
        rule: str(d.rule),
        asset: str(d.asset),
        amount: str(d.amount),
        network: str(d.network),
        destination: str(d.destination),
        destinationId: str(d.destination_id),
        verifiedAt: str(d.verified_at) ?? str((d.hold as Record<string, unknown> | undefined)?.verifiedAt),
        state: key === null ? null : (states.get(key) ?? null),
      })
    }
    return out.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)

export const agentRequestsRepo: RepoFactory<AgentRequestsRepo> = (db) => new AgentRequestsRepo(db)
