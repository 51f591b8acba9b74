import Big from 'big.js'
import type { Balance } from '../api/resources'

export interface PayoutEffect {
  /** Available balance after the payout, as an exact decimal string. */
  availableAfter: string
  /** Whole percent of the available balance the payout takes (rounded down). */
  percentOfAvailable: number
  /** Indicative USD value at the provider's valuation of the balance; null when it gives none. */
  usd: number | null
}

/** What a payout of `amount` does to `balance`, computed on decimals (only the indicative USD becomes a number). */
export function payoutEffect(balance: Balance, amount: string): PayoutEffect {
  const value = new Big(amount)
  const available = new Big(balance.available)
  const held = new Big(balance.amount)
  return {
    availableAfter: available.minus(value).toFixed(),
    percentOfAvailable: available.gt(0)
      ? Number(value.div(available).times(100).round(0, Big.roundDown).toFixed())
      : 100,
    usd: held.gt(0) && balance.usd_value > 0 ? Number(value.times(balance.usd_value).div(held).toFixed(2)) : null,
  }
}
