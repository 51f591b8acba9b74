import type { DatabaseSync } from 'node:sqlite'
import type { RepoFactory } from './desk-store'

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
    return this.db
      .prepare(
        `SELECT json_extract(a.entry, '$.idempotencyKey') AS key, json_extract(a.entry, '$.at') AS at,
           json_extract(a.entry, '$.path') AS path, json_extract(a.entry, '$.detail.rule') AS rule,
           json_extract(a.entry, '$.detail.asset') AS asset, json_extract(a.entry, '$.detail.amount') AS amount,
           json_extract(a.entry, '$.detail.network') AS network,
           json_extract(a.entry, '$.detail.destination') AS destination,
           json_extract(a.entry, '$.detail.destination_id') AS destinationId,
           COALESCE(json_extract(a.entry, '$.detail.verified_at'), json_extract(a.entry, '$.detail.hold.verifiedAt'))
             AS verifiedAt,
           o.state AS state
         FROM audit a LEFT JOIN outbox o ON o.key = json_extract(a.entry, '$.idempotencyKey')
         WHERE json_extract(a.entry, '$.path') IN ('policy.allowed', 'policy.held', 'policy.denied')
           AND json_extract(a.entry, '$.detail.tool') = 'request_withdrawal'
           AND json_extract(a.entry, '$.at') >= ? AND json_extract(a.entry, '$.at') < ?
         ORDER BY json_extract(a.entry, '$.at'), a.seq`,
      )
      .all(since, until) as unknown as RecordedRequest[]
  }
}

export const agentRequestsRepo: RepoFactory<AgentRequestsRepo> = (db) => new AgentRequestsRepo(db)
