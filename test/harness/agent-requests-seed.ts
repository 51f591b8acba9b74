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
    store
      .repo(priceTableRepo)
      .apply(
        { set: prices.map((p) => ({ ...p, fiat: 'USD' })), removed: [], waiting: [] },
        null,
        'seed',
        new Date().toISOString(),
      )
  })
}

const DAY_MS = 86_400_000

/**
 * `days` days before `now`, one request a day: 0.1 ETH held for a person, 0.2 ETH allowed and sent, 0.3 ETH refused,
 * in turn; with an ETH price of 3000 USD for each of those days.
 */
export function seedAgentMonth(store: DeskStore, now: number, address: string, network: string, days = 35): void {
  const requests = Array.from({ length: days }, (_, i): SeedRequest => {
    const kind = i % 3
    return {
      key: `seed-${i}`,
      at: new Date(now - i * DAY_MS - 3_600_000),
      asset: 'ETH',
      network,
      address,
      amount: ['0.1', '0.2', '0.3'][kind]!,
      path: (['policy.held', 'policy.allowed', 'policy.denied'] as const)[kind]!,
      rule: ['hold_all', null, 'max_per_payout'][kind]!,
      state: (['held', 'accepted', null] as const)[kind]!,
    }
  })
  const prices = Array.from({ length: days + 8 }, (_, i) => ({
    date: new Date(now - i * DAY_MS).toISOString().slice(0, 10),
    asset: 'ETH',
    price: '3000',
  }))
  seedAgentRequests(store, requests, prices)
}
