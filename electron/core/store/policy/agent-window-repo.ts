import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { RepoFactory } from '../repo-factory'
import { rowsOf } from '../scalar-rows'

const PaidToSchema = z.object({ network: z.string(), address: z.string() })

/** An agent payout the USD and count rules count, at its last attempt to send (or when it was recorded). */
const CountedPayoutSchema = PaidToSchema.extend({
  key: z.string(),
  at: z.string(),
  asset: z.string(),
  amount: z.string(),
})
export type CountedPayout = z.infer<typeof CountedPayoutSchema>

/**
 * The same payouts the daily totals count (policy-repo amountsSince): every agent entry except discarded and refused
 * ones and those the provider reports cancelled, at its last `sending` attempt or its creation.
 */
const COUNTED = `
  FROM (SELECT o.key, o.body, o.state, o.withdrawal_id,
          COALESCE(
            (SELECT MAX(x.at) FROM outbox_outcomes x WHERE x.key = o.key AND x.state = 'sending'), o.created_at
          ) AS at
        FROM outbox o WHERE o.requested_by = ?) c
  LEFT JOIN withdrawal_cache w ON w.id = c.withdrawal_id
  WHERE c.state NOT IN ('discarded', 'refused') AND c.key IS NOT ?
    AND (w.body IS NULL OR json_extract(w.body, '$.status') IS NOT 'cancelled')`

/** The agent's counted payouts over a span, for the USD and velocity rules (electron/core/policy/payout-window.ts). */
export class AgentWindowRepo {
  constructor(private readonly db: DatabaseSync) {}

  /** Oldest first. `exceptKey`: the payout being decided, not counted twice. */
  payoutsSince(requestedBy: string, since: string, exceptKey: string | null): CountedPayout[] {
    const rows = this.db
      .prepare(
        `SELECT c.key, c.at, json_extract(c.body, '$.asset') AS asset, json_extract(c.body, '$.amount') AS amount,
           COALESCE(json_extract(c.body, '$.network'), '') AS network, json_extract(c.body, '$.destination') AS address
         ${COUNTED} AND c.at >= ? ORDER BY c.at`,
      )
      .all(requestedBy, exceptKey, since)
    return rowsOf(CountedPayoutSchema, rows, 'outbox')
  }

  /** Network and address of every destination the agent paid before `before`. */
  paidBefore(
    requestedBy: string,
    before: string,
    exceptKey: string | null,
  ): Array<{ network: string; address: string }> {
    const rows = this.db
      .prepare(
        `SELECT DISTINCT COALESCE(json_extract(c.body, '$.network'), '') AS network,
           json_extract(c.body, '$.destination') AS address ${COUNTED} AND c.at < ?`,
      )
      .all(requestedBy, exceptKey, before)
    return rowsOf(PaidToSchema, rows, 'outbox')
  }
}

export const agentWindowRepo: RepoFactory<AgentWindowRepo> = (db) => new AgentWindowRepo(db)
