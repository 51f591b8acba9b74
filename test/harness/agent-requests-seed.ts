import type { DatabaseSync } from 'node:sqlite'
import { decisionEntry } from '../../electron/core/audit/decision-entry'
import { priceTableRepo, type DeskStore, type RepoFactory } from '../../electron/core/store'

/** One agent payout request as the connector records it: the policy's decision and, when recorded, its outbox state. */
export interface SeedRequest {
  key: string
  at: Date
  asset: string
  amount: string
  network: string
  address: string
  path: 'policy.allowed' | 'policy.held' | 'policy.denied'
  rule: string | null
  /** `accepted`: sent; `held`: waits for a person; null: never in the outbox (refused at the request). */
  state: 'accepted' | 'held' | null
}

const rawDb: RepoFactory<DatabaseSync> = (db) => db

/**
 * Writes recorded requests as the connector would have (audit decision rows with the payout's facts, outbox rows) and
 * a USD price table, for the backtest's tests and bench.
 */
export function seedAgentRequests(
  store: DeskStore,
  requests: readonly SeedRequest[],
  prices: ReadonlyArray<{ date: string; asset: string; price: string }>,
): void {
  store.transaction('seed agent requests', () => {
    const db = store.repo(rawDb)
    const put = db.prepare(
      `INSERT INTO outbox (key, seq, body, created_at, requested_by, state, updated_at)
       VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM outbox), ?, ?, 'agent', ?, ?)`,
    )
    for (const r of requests) {
      const body = { wallet_id: 'w-1', asset: r.asset, amount: r.amount, destination: r.address, network: r.network }
      const facts = { ...body, destination_id: `cp-${r.address.slice(2, 8)}`, verified_at: '2020-01-01T00:00:00.000Z' }
      const detail = { tool: 'request_withdrawal', rule: r.rule, ...(r.rule ? { message: r.rule } : {}), ...facts }
      store.audit.append(
        decisionEntry(r.at, r.path, 'agent', r.key, detail, r.path === 'policy.denied' ? 'policy_denied' : null),
      )
      if (r.state) put.run(r.key, JSON.stringify(body), r.at.toISOString(), r.state, r.at.toISOString())
    }
    store.repo(priceTableRepo).replace(
      prices.map((p) => ({ ...p, fiat: 'USD' })),
      'seed',
      new Date().toISOString(),
    )
  })
}
