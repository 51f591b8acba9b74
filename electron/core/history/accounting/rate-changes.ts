import Big from 'big.js'
import type { PriceRow } from '../../../../shared/api/accounting-export'
import { rateKey, type RatePlan } from '../../store/accounting/price-table-repo'

/** The fiat the agent's USD limits value payouts in: only its prices can loosen a limit. */
const LIMIT_FIAT = 'USD'

/**
 * An imported table against the one in force: a price that lowers an asset's USD value (so allows more under a USD
 * limit) waits; every other change (a higher price, another fiat, a removed price: a payout with no price is refused)
 * applies at once. A new day's price is held against the asset's nearest price in force, so a file cannot loosen a
 * limit by adding a day rather than changing one; an asset the table never priced has nothing to loosen from.
 */
export function planRates(before: ReadonlyMap<string, PriceRow>, rows: readonly PriceRow[]): RatePlan {
  const plan: RatePlan = { set: [], removed: [], waiting: [] }
  const seen = new Set<string>()
  const byAsset = nearestIndex(before)
  for (const r of rows) {
    const key = rateKey(r)
    seen.add(key)
    const was = before.get(key)?.price ?? null
    if (was === r.price) continue
    const reference = was ?? nearest(byAsset.get(`${r.asset}|${r.fiat}`), r.date)
    if (r.fiat === LIMIT_FIAT && reference !== null && new Big(r.price).lt(reference)) plan.waiting.push(r)
    else plan.set.push(r)
  }
  for (const [key, r] of before) if (!seen.has(key)) plan.removed.push({ date: r.date, asset: r.asset, fiat: r.fiat })
  return plan
}

type Dated = Array<{ date: string; price: string }>

function nearestIndex(before: ReadonlyMap<string, PriceRow>): Map<string, Dated> {
  const out = new Map<string, Dated>()
  for (const r of before.values()) {
    const k = `${r.asset}|${r.fiat}`
    if (!out.has(k)) out.set(k, [])
    out.get(k)!.push({ date: r.date, price: r.price })
  }
  return out
}

/** The price of the nearest day to `date` (the earlier one on a tie), or null when there is none. */
function nearest(rates: Dated | undefined, date: string): string | null {
  if (!rates || rates.length === 0) return null
  const day = Date.parse(date)
  let best = rates[0]!
  for (const r of rates) {
    const d = Math.abs(Date.parse(r.date) - day)
    const b = Math.abs(Date.parse(best.date) - day)
    if (d < b || (d === b && r.date < best.date)) best = r
  }
  return best.price
}
