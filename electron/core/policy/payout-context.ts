import Big from 'big.js'
import type { Policy } from '../../../shared/policy/policy-schema'
import type { DeskStore } from '../store'
import { agentWindowRepo } from '../store/policy/agent-window-repo'
import { priceTableRepo } from '../store/accounting/price-table-repo'
import { storeTamper, tamperedError } from '../store/audit/store-tamper'
import { destinationKey, PayoutWindow, WEEK_MS, type PriorTotals, type UsdRates } from './payout-window'

/** The profile's price table in USD, each asset and day read once per decision. */
export function storeRates(store: DeskStore): UsdRates {
  const seen = new Map<string, string | null>()
  const prices = store.repo(priceTableRepo)
  return (asset, day) => {
    const k = `${asset}|${day}`
    if (!seen.has(k)) seen.set(k, prices.price(day, asset, 'USD'))
    return seen.get(k)!
  }
}

/**
 * The price table as the send gate reads it at `now`: each price held against the one the audit chain's imports set,
 * so a price written into the store by another program throws `store_tampered` (the gate refuses) instead of moving
 * a USD limit.
 */
export function gateRates(store: DeskStore, now: Date): UsdRates {
  const seen = new Map<string, string | null>()
  const prices = store.repo(priceTableRepo)
  const chain = store.repo(storeTamper)
  const at = now.toISOString()
  return (asset, day) => {
    const k = `${asset}|${day}`
    if (!seen.has(k)) {
      const vouched = chain.price(asset.toUpperCase(), 'USD', day, at, prices.price(day, asset, 'USD', at))
      if (vouched !== null && typeof vouched === 'object') throw tamperedError(vouched)
      seen.set(k, vouched)
    }
    return seen.get(k)!
  }
}

/** Nothing earlier: what a policy without USD or count rules is decided with (they read no totals). */
export const NO_PRIOR: PriorTotals = {
  usd24h: { usd: new Big(0) },
  usd7d: { usd: new Big(0) },
  assetSpent24h: new Big(0),
  payoutsLastHour: 0,
  payoutsLastDay: 0,
  newDestination: false,
  newDestinationPayouts24h: 0,
}

export function readsPrior(p: Policy): boolean {
  return (
    p.maxUsdPerDay !== null ||
    p.maxUsdPer7Days !== null ||
    p.maxPayoutsPerHour !== null ||
    p.maxPayoutsPerDay !== null ||
    p.maxNewDestinationPayoutsPerDay !== null
  )
}

/**
 * The agent's counted payouts of the last 7 days from the outbox, inside the caller's transaction, as the window the
 * rules read (the same class the backtest replays with). `key`: the payout decided, not counted twice.
 */
export function livePrior(
  store: DeskStore,
  requestedBy: string,
  key: string,
  now: Date,
  payout: { asset: string; network: string; address: string },
  rates: UsdRates,
): PriorTotals {
  const repo = store.repo(agentWindowRepo)
  const window = new PayoutWindow(rates)
  const nowMs = now.getTime()
  window.paidBefore(
    repo
      .paidBefore(requestedBy, new Date(nowMs - WEEK_MS).toISOString(), key)
      .map((d) => destinationKey(d.network, d.address)),
  )
  for (const p of repo.payoutsSince(requestedBy, new Date(nowMs - WEEK_MS).toISOString(), key))
    window.add({
      atMs: Math.min(Date.parse(p.at), nowMs),
      asset: p.asset,
      amount: p.amount,
      destination: destinationKey(p.network, p.address),
    })
  return window.totalsAt(nowMs, payout.asset, destinationKey(payout.network, payout.address))
}
