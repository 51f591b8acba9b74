import type { Policy } from '../../../shared/policy/policy-schema'
import type { PriorTotals } from './payout-window'
import type { Decision } from './policy-decision'

/** How many agent payouts per hour and per day, and how many to destinations first paid in the last 24 hours. */
export function checkVelocity(policy: Policy, prior: PriorTotals): Decision | null {
  const deny = (
    rule: 'max_payouts_per_hour' | 'max_payouts_per_day' | 'max_new_destination_payouts_per_day',
    message: string,
  ): Decision => ({
    outcome: 'deny',
    rule,
    message,
    remaining: '0',
  })
  const hour = policy.maxPayoutsPerHour
  if (hour !== null && prior.payoutsLastHour >= hour)
    return deny(
      'max_payouts_per_hour',
      `At most ${hour} agent payouts in any hour; ${prior.payoutsLastHour} were made in the last hour, ` +
        'so none is left until the oldest is an hour old.',
    )
  const day = policy.maxPayoutsPerDay
  if (day !== null && prior.payoutsLastDay >= day)
    return deny(
      'max_payouts_per_day',
      `At most ${day} agent payouts in any 24 hours; ${prior.payoutsLastDay} were made in the last 24 hours, ` +
        'so none is left until the oldest is 24 hours old.',
    )
  const fresh = policy.maxNewDestinationPayoutsPerDay
  if (fresh !== null && prior.newDestination && prior.newDestinationPayouts24h >= fresh)
    return deny(
      'max_new_destination_payouts_per_day',
      `At most ${fresh} agent payouts in any 24 hours to destinations first paid within those 24 hours; ` +
        `${prior.newDestinationPayouts24h} were made, and this destination is one of them (or new), so none is ` +
        'left for it until the oldest is 24 hours old.',
    )
  return null
}
