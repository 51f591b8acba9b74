import { OTHER_ASSETS, type Policy } from '../../../shared/policy/policy-schema'
import type { PolicyState } from './policy-state'
import { describeExtraRules } from './policy-text-extra'

/**
 * The rules in force as plain sentences, for request_withdrawal's description, `policy show` and the
 * app. Only values a person set (assets, amounts, counts, hours, checked ids) appear here, never a
 * label or name from the provider.
 */
export function describeRules(state: PolicyState): string[] {
  if (state.kind === 'unreadable')
    return [
      `The profile's policy cannot be read (${state.problem}), so every write request is refused until a ` +
        `person sets it again.`,
    ]
  const lines = describePolicy(state.policy)
  if (state.kind === 'default') lines.unshift('No policy has been set for this profile yet, so the default applies.')
  return lines
}

function describePolicy(p: Policy): string[] {
  const lines: string[] = []
  for (const [asset, cap] of perAsset(p.maxPerPayout)) lines.push(`At most ${cap} ${asset} per payout.`)
  for (const [asset, cap] of perAsset(p.maxPerDay))
    lines.push(
      `At most ${cap} ${asset} in total in any 24 hours (payouts requested by the agent that were not refused, ` +
        `discarded or cancelled).`,
    )
  if (p.maxRequestsPerHour !== null)
    lines.push(`At most ${p.maxRequestsPerHour} write requests (request_withdrawal and create_counterparty) per hour.`)
  if (p.destinations.kind === 'verified_for')
    lines.push(`Only destinations verified at least ${p.destinations.hours} hours ago.`)
  if (p.destinations.kind === 'list') lines.push(`Only the destination ids ${p.destinations.ids.join(', ')}.`)
  if (p.holdAll) lines.push('Every payout waits for a person at the desk to release or reject it.')
  else if (p.holdFirstPayout)
    lines.push(
      "An agent's first payout to a destination (no payout to that address has completed yet) waits for a " +
        'person at the desk.',
    )
  if (!p.holdAll)
    for (const [asset, above] of perAsset(p.holdAbove))
      lines.push(`Payouts above ${above} ${asset} wait for a person at the desk to release or reject them.`)
  lines.push(...describeExtraRules(p))
  if (lines.length === 0) lines.push("No limits beyond the provider's own checks.")
  return lines
}

/** Named assets first, then the rule for all other assets, in words. */
function perAsset(rule: Record<string, string>): Array<[string, string]> {
  const named = Object.entries(rule)
    .filter(([a]) => a !== OTHER_ASSETS)
    .sort(([a], [b]) => a.localeCompare(b))
  const other = rule[OTHER_ASSETS]
  if (other === undefined) return named
  return [...named, [named.length ? 'of any other asset' : 'of any asset', other]]
}
