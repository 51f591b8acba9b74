import type { Policy } from '../../../shared/policy/policy-schema'

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const USD = 'in USD across assets, each payout at its day’s rate in the profile’s price table'

/** The USD limits, hours and counts in words (values a person set only). */
export function describeExtraRules(p: Policy): string[] {
  const lines: string[] = []
  if (p.maxUsdPerPayout !== null) lines.push(`At most ${p.maxUsdPerPayout} USD per payout (${USD}).`)
  if (p.maxUsdPerDay !== null) lines.push(`At most ${p.maxUsdPerDay} USD in any 24 hours (${USD}).`)
  if (p.maxUsdPer7Days !== null) lines.push(`At most ${p.maxUsdPer7Days} USD in any 7 days (${USD}).`)
  if (p.maxUsdPerPayout !== null || p.maxUsdPerDay !== null || p.maxUsdPer7Days !== null)
    lines.push('A payout of an asset the price table has no USD price for that day is refused.')
  if (p.hours) {
    const windows = p.hours.windows
      .map((w) => `${w.days.map((d) => DAYS[d - 1]).join(', ')} ${w.from}-${w.to}`)
      .join('; ')
    const outside = p.hours.outside === 'hold' ? 'wait for a person at the desk' : 'are refused'
    lines.push(`Payouts only ${windows} (${p.hours.timeZone} time); outside these hours they ${outside}.`)
  }
  if (p.maxPayoutsPerHour !== null) lines.push(`At most ${p.maxPayoutsPerHour} payouts in any hour.`)
  if (p.maxPayoutsPerDay !== null) lines.push(`At most ${p.maxPayoutsPerDay} payouts in any 24 hours.`)
  if (p.maxNewDestinationPayoutsPerDay !== null)
    lines.push(
      `At most ${p.maxNewDestinationPayoutsPerDay} payouts in any 24 hours to destinations first paid within them.`,
    )
  return lines
}
