import Big from 'big.js'
import { findNetwork } from '../../../shared/api/networks'

export const HOUR_MS = 60 * 60 * 1000
export const DAY_MS = 24 * HOUR_MS
export const WEEK_MS = 7 * DAY_MS

/** One earlier agent payout the rules count (not refused, discarded or cancelled), at its time. */
export interface PriorPayout {
  atMs: number
  asset: string
  amount: string
  /** `destinationKey(network, address)`. */
  destination: string
}

/** The USD price of one unit of an asset on a day (YYYY-MM-DD, UTC), as the profile's price table has it. */
export type UsdRates = (asset: string, day: string) => string | null

/** A USD total over a window, or the first payout in it the price table cannot value (never valued at 0). */
export type UsdTotal = { usd: Big } | { missing: { asset: string; day: string } }

/** What the rules read of the earlier payouts, at the moment of one decision. */
export interface PriorTotals {
  usd24h: UsdTotal
  usd7d: UsdTotal
  /** Amounts of the payout's own asset in the last 24 hours, summed. */
  assetSpent24h: Big
  payoutsLastHour: number
  payoutsLastDay: number
  /** The payout's destination was never paid by the agent before the last 24 hours. */
  newDestination: boolean
  /** Payouts in the last 24 hours to destinations the agent first paid within those 24 hours. */
  newDestinationPayouts24h: number
}

/** One address on one network: EVM and bech32 spellings without case, as the provider matches them. */
export function destinationKey(network: string, address: string): string {
  const format = findNetwork(network)?.format
  return `${network}|${format === 'evm' || format === 'bitcoin' ? address.toLowerCase() : address}`
}

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** Amount × the rate of its own day, or null when the table has no rate. */
export function usdValue(rates: UsdRates, asset: string, amount: string, atMs: number): Big | null {
  const rate = rates(asset, dayOf(atMs))
  return rate === null ? null : new Big(amount).times(rate)
}

interface Span {
  from: number
  count: number
  usd: Big
  missing: Array<{ asset: string; day: string }>
}

/**
 * Earlier payouts in time order with running totals over the last hour, 24 hours and 7 days. The live send gate builds
 * one from the store for each decision; the backtest adds its replayed payouts as it goes. Both ask `totalsAt`, so a
 * replay counts exactly as the gate does. Times must not go back (`add` and `totalsAt` in time order).
 */
export class PayoutWindow {
  private readonly items: Array<PriorPayout & { usd: Big | null }> = []
  private readonly hour: Span = span()
  private readonly day: Span = span()
  private readonly week: Span = span()
  private readonly assetDay = new Map<string, Big>()
  private readonly firstPaid = new Map<string, number>()
  /** Destinations in order of their first payout, and how many payouts each had. */
  private readonly firsts: string[] = []
  private readonly firstIndex = new Map<string, number>()
  private firstFrom = 0
  private readonly paidTo = new Map<string, number>()
  private newPayouts = 0

  constructor(private readonly rates: UsdRates) {}

  /** Destinations paid before every payout this window holds (the live gate reads them separately). */
  paidBefore(destinations: Iterable<string>): void {
    for (const d of destinations) if (!this.firstPaid.has(d)) this.firstPaid.set(d, -Infinity)
  }

  add(p: PriorPayout): void {
    const usd = usdValue(this.rates, p.asset, p.amount, p.atMs)
    this.items.push({ ...p, usd })
    for (const s of [this.hour, this.day, this.week]) {
      s.count++
      if (usd === null) s.missing.push({ asset: p.asset, day: dayOf(p.atMs) })
      else s.usd = s.usd.plus(usd)
    }
    this.assetDay.set(p.asset, (this.assetDay.get(p.asset) ?? new Big(0)).plus(p.amount))
    if (!this.firstPaid.has(p.destination)) {
      this.firstPaid.set(p.destination, p.atMs)
      this.firstIndex.set(p.destination, this.firsts.length)
      this.firsts.push(p.destination)
    }
    // Counted while its destination's first payout is still inside 24 hours; `totalsAt` takes it out after.
    const index = this.firstIndex.get(p.destination)
    if (index === undefined) return
    this.paidTo.set(p.destination, (this.paidTo.get(p.destination) ?? 0) + 1)
    if (index >= this.firstFrom) this.newPayouts++
  }

  totalsAt(nowMs: number, asset: string, destination: string): PriorTotals {
    this.evict(this.hour, nowMs - HOUR_MS, () => undefined)
    this.evict(this.day, nowMs - DAY_MS, (p) => this.assetDay.set(p.asset, this.assetDay.get(p.asset)!.minus(p.amount)))
    this.evict(this.week, nowMs - WEEK_MS, () => undefined)
    const since = nowMs - DAY_MS
    while (this.firstFrom < this.firsts.length && this.firstPaid.get(this.firsts[this.firstFrom]!)! < since)
      this.newPayouts -= this.paidTo.get(this.firsts[this.firstFrom++]!)!
    const first = this.firstPaid.get(destination)
    return {
      usd24h: total(this.day),
      usd7d: total(this.week),
      assetSpent24h: this.assetDay.get(asset) ?? new Big(0),
      payoutsLastHour: this.hour.count,
      payoutsLastDay: this.day.count,
      newDestination: first === undefined || first >= since,
      newDestinationPayouts24h: this.newPayouts,
    }
  }

  private evict(s: Span, since: number, leave: (p: PriorPayout) => void): void {
    while (s.from < this.items.length && this.items[s.from]!.atMs < since) {
      const p = this.items[s.from++]!
      s.count--
      if (p.usd === null) s.missing.shift()
      else s.usd = s.usd.minus(p.usd)
      leave(p)
    }
  }
}

const span = (): Span => ({ from: 0, count: 0, usd: new Big(0), missing: [] })

const total = (s: Span): UsdTotal => (s.missing.length > 0 ? { missing: s.missing[0]! } : { usd: s.usd })
