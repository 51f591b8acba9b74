import Big from 'big.js'
import { assetDecimals } from '../../../shared/api/networks'
import { priceTableRepo, type DeskStore } from '../store'
import { USD_AMOUNT } from './run-lines'
import type { Period } from './schedule'

/** A dollar amount converted: the asset amount paid, at which rate (USD per unit) of which day. */
export interface UsdConversion {
  usd: string
  rate: string
  date: Period
}

export type Converted = { amount: string; usd: UsdConversion | null } | { problem: string }

/**
 * A line's amount in its asset: as written, or `USD n` at the price table's rate of the period's day, rounded half up
 * to the asset's decimals. No rate for that day refuses the line; a rate is never borrowed from another day.
 */
export function amountInAsset(
  rateOf: (asset: string) => string | null,
  amount: string,
  asset: string,
  period: Period,
): Converted {
  const usd = USD_AMOUNT.exec(amount)?.[1]
  if (usd === undefined) return { amount, usd: null }
  const rate = rateOf(asset)
  if (rate === null) {
    return {
      problem:
        `the price table has no USD price of ${asset.toUpperCase()} for ${period}; import one ` +
        `("payout-desk history prices import") before paying this line.`,
    }
  }
  const paid = new Big(usd).div(rate).round(assetDecimals(asset.toUpperCase()) ?? 18, Big.roundHalfUp)
  if (paid.lte(0)) return { problem: `USD ${usd} at ${rate} is less than the smallest ${asset} amount.` }
  return { amount: paid.toFixed(), usd: { usd, rate, date: period } }
}

/** The price table's USD rate per asset on the period's day, each read once. */
export function usdRates(store: DeskStore, period: Period): (asset: string) => string | null {
  const rates = new Map<string, string | null>()
  return (asset) => {
    if (!rates.has(asset))
      rates.set(
        asset,
        store.read('read the price table', () => store.repo(priceTableRepo).price(period, asset, 'USD')),
      )
    return rates.get(asset)!
  }
}
