import Big from 'big.js'
import type { Policy } from '../../../shared/policy/policy-schema'
import { dayOf, type PriorTotals, type UsdRates, type UsdTotal } from './payout-window'
import type { Decision } from './policy-decision'

const usd = (v: Big) => `${v.round(2, Big.roundHalfUp).toFixed(2)} USD`

/**
 * The USD limits across assets, each payout valued through the profile's price table at the rate of its own day. An
 * asset or day the table has no rate for is refused, never counted as 0.
 */
export function checkUsd(
  policy: Policy,
  f: { asset: string; amount: string; now: Date; prior: PriorTotals },
  rates: UsdRates,
): Decision | null {
  const { maxUsdPerPayout: perPayout, maxUsdPerDay: perDay, maxUsdPer7Days: perWeek } = policy
  if (perPayout === null && perDay === null && perWeek === null) return null
  const day = dayOf(f.now.getTime())
  const rate = rates(f.asset, day)
  if (rate === null) return noRate(f.asset, day, 'this payout')
  const value = new Big(f.amount).times(rate)
  const priced = () => `${f.amount} ${f.asset} = ${usd(value)} at ${rate} USD per ${f.asset} (price table, ${day})`
  if (perPayout !== null && value.gt(perPayout))
    return {
      outcome: 'deny',
      rule: 'max_usd_per_payout',
      message: `At most ${perPayout} USD per payout across assets; this payout is ${priced()}.`,
      remaining: perPayout,
    }
  return (
    window('max_usd_per_day', '24 hours', perDay, f.prior.usd24h, value, priced) ??
    window('max_usd_per_7_days', '7 days', perWeek, f.prior.usd7d, value, priced)
  )
}

function window(
  rule: 'max_usd_per_day' | 'max_usd_per_7_days',
  span: string,
  cap: string | null,
  spent: UsdTotal,
  value: Big,
  priced: () => string,
): Decision | null {
  if (cap === null) return null
  if ('missing' in spent) return noRate(spent.missing.asset, spent.missing.day, `an agent payout of the last ${span}`)
  const left = new Big(cap).minus(spent.usd)
  if (value.lte(left)) return null
  const remaining = left.gt(0) ? left.round(2, Big.roundDown).toFixed(2) : '0'
  return {
    outcome: 'deny',
    rule,
    message:
      `At most ${cap} USD in any ${span} across assets (each payout at its day's rate); ` +
      `${usd(spent.usd)} was requested in the last ${span}, so ${remaining} USD is left ` +
      `and this payout is ${priced()}.`,
    remaining,
  }
}

function noRate(asset: string, day: string, what: string): Decision {
  return {
    outcome: 'deny',
    rule: 'usd_no_rate',
    message:
      `The policy limits payouts in USD, and the price table has no USD price of ${asset} for ${day} (${what}); ` +
      'a payout is never valued at 0, so it is refused until a person imports one ' +
      '("payout-desk history prices import").',
    remaining: null,
  }
}
