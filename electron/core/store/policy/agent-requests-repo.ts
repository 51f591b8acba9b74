import type { DatabaseSync } from 'node:sqlite'
import type { RepoFactory } from '../repo-factory'

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
      (this.db.prepare("SELECT key, state FROM outbox WHERE requested_by = 'agent'").all() as unknown as Row[]).map(
        (r) => [r.key, r.state],
      ),
    )
    const out: RecordedRequest[] = []
    // One JSON parse per row here, rather than one json_extract per field in SQL.
    for (const { entry } of this.db
      .prepare(
        `SELECT entry FROM audit
         WHERE json_extract(entry, '$.path') IN ('policy.allowed', 'policy.held', 'policy.denied')
         AND json_extract(entry, '$.at') >= ? AND json_extract(entry, '$.at') < ? ORDER BY seq`,
      )
      .all(since, until) as unknown as Array<{ entry: string }>) {
      const e = JSON.parse(entry) as Entry
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

type Row = { key: string; state: string }
type Entry = { at: string; path: RecordedRequest['path']; idempotencyKey?: unknown; detail?: Record<string, unknown> }
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)

export const agentRequestsRepo: RepoFactory<AgentRequestsRepo> = (db) => new AgentRequestsRepo(db)
