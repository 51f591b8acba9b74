import Big from 'big.js'
import type { Counterparty } from '../../../shared/api/resources'
import { amountFor, type DestinationRule, type Policy } from '../../../shared/policy/policy-schema'
import { checkHours } from './payout-hours'
import type { Decision } from './policy-decision'
import { HOUR_MS, type PriorTotals, type UsdRates } from './payout-window'
import { checkUsd } from './usd-limits'
import { checkVelocity } from './velocity-limits'

export { DAY_MS, HOUR_MS } from './payout-window'

export type { Decision, RuleName } from './policy-decision'

/** A payout as the provider will execute it (checked against its wallets and book first), and what the rules count. */
export interface PayoutFacts {
  /** A symbol the wallet holds, exactly. */
  asset: string
  amount: string
  /** The one book entry the provider pays, on the network it resolves. */
  destination: Counterparty
  /** Amounts of this asset the agent's payouts sent (or held) in the last 24 hours may still pay. */
  spentToday: readonly string[]
  requestsLastHour: number
  /**
   * No payout to the destination's address (on its network) has completed yet (electron/core/payouts/first-payout.ts).
   */
  firstPayout: boolean
  now: Date
  /** The agent's earlier payouts as the USD and count rules read them (electron/core/policy/payout-window.ts). */
  prior: PriorTotals
  /** The profile's price table in USD. */
  rates: UsdRates
  /** A person granted this payout (by its key) one pass above the policy, not used yet. */
  granted: boolean
}

/** Why a first payout is held, as the app, the CLI and the agent read it. */
export const FIRST_PAYOUT_HELD =
  "First payout to this destination. An agent's first payout to an address (none to it has completed yet) " +
  'waits for a person at the desk to release or reject it.'

/**
 * Deny rules first (a held payout must fit the caps too), then the hold rules. Pure over the facts: the send gate and
 * the backtest both decide with it.
 */
export function checkPayout(policy: Policy, f: PayoutFacts): Decision {
  if (f.granted) return { outcome: 'allow' }
  const hours = checkHours(policy.hours, f.now)
  const denied =
    checkHourly(policy, f.requestsLastHour) ??
    checkPerPayout(policy, f) ??
    checkDaily(policy, f) ??
    checkDestination(policy.destinations, f) ??
    checkVelocity(policy, f.prior) ??
    checkUsd(policy, f, f.rates) ??
    (hours?.outcome === 'deny' ? hours : null)
  if (denied) return denied
  if (policy.holdAll)
    return {
      outcome: 'hold',
      rule: 'hold_all',
      message: 'Every agent payout on this profile waits for a person at the desk to release or reject it.',
    }
  if (hours) return hours
  // Before hold-above: when both apply, the new destination is what the person should look at.
  if (policy.holdFirstPayout && f.firstPayout)
    return { outcome: 'hold', rule: 'hold_first_payout', message: FIRST_PAYOUT_HELD }
  const holdAbove = amountFor(policy.holdAbove, f.asset)
  if (holdAbove !== null && new Big(f.amount).gt(holdAbove)) {
    return {
      outcome: 'hold',
      rule: 'hold_above',
      message: `Payouts above ${holdAbove} ${f.asset} wait for a person at the desk to release or reject them.`,
    }
  }
  return { outcome: 'allow' }
}

/** create_counterparty counts against the hourly request limit and nothing else. */
export function checkCounterparty(policy: Policy, requestsLastHour: number): Decision {
  return checkHourly(policy, requestsLastHour) ?? { outcome: 'allow' }
}

function checkHourly(policy: Policy, count: number): Decision | null {
  const max = policy.maxRequestsPerHour
  if (max === null || count < max) return null
  return {
    outcome: 'deny',
    rule: 'max_requests_per_hour',
    message:
      `At most ${max} write requests per hour; ${count} were made in the last hour, so none is left ` +
      `until the oldest is an hour old.`,
    remaining: '0',
  }
}

function checkPerPayout(policy: Policy, f: PayoutFacts): Decision | null {
  const cap = amountFor(policy.maxPerPayout, f.asset)
  if (cap === null || new Big(f.amount).lte(cap)) return null
  return {
    outcome: 'deny',
    rule: 'max_per_payout',
    message: `At most ${cap} ${f.asset} per payout; this payout asks for ${f.amount} ${f.asset}.`,
    remaining: cap,
  }
}

function checkDaily(policy: Policy, f: PayoutFacts): Decision | null {
  const cap = amountFor(policy.maxPerDay, f.asset)
  if (cap === null) return null
  const spent = f.spentToday.reduce((sum, a) => sum.plus(a), new Big(0))
  const left = new Big(cap).minus(spent)
  if (new Big(f.amount).lte(left)) return null
  const remaining = left.gt(0) ? left.toFixed() : '0'
  return {
    outcome: 'deny',
    rule: 'max_per_day',
    message:
      `At most ${cap} ${f.asset} in any 24 hours; ${spent.toFixed()} ${f.asset} were requested in the ` +
      `last 24 hours, so ${remaining} ${f.asset} is left and this payout asks for ${f.amount} ${f.asset}.`,
    remaining,
  }
}

/** The rule speaks of book entries; the payout was resolved to the one entry the provider will pay. */
function checkDestination(rule: DestinationRule, f: PayoutFacts): Decision | null {
  if (rule.kind === 'any') return null
  const d = f.destination
  const deny = (message: string): Decision => ({ outcome: 'deny', rule: 'destinations', message, remaining: null })
  if (rule.kind === 'list') {
    return rule.ids.includes(d.id)
      ? null
      : deny(
          `Payouts go only to the destination ids ${rule.ids.join(', ')}; this payout would go to destination ` +
            `${d.id} on ${d.network}.`,
        )
  }
  const since = f.now.getTime() - rule.hours * HOUR_MS
  const young = !d.can_send || d.verified_at === null || !(Date.parse(d.verified_at) <= since)
  return young
    ? deny(
        `Payouts go only to destinations verified at least ${rule.hours} hours ago; this payout would go to ` +
          `destination ${d.id} on ${d.network}, which is not (yet).`,
      )
    : null
}
