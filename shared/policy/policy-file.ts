import { policyProblems, PolicySchema, type Policy } from './policy-schema'

/**
 * A policy file: what `policy show --json` prints (its `policy`), or the bare policy object. `policy set --file`, the
 * backtest and the app read it alike; every problem is named, nothing is half-read.
 */
export function policyFromFile(text: string): { policy: Policy } | { problem: string } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { problem: 'the policy file is not JSON (write it as "payout-desk policy show --json" prints it)' }
  }
  const candidate =
    typeof value === 'object' && value !== null && 'kind' in value && 'policy' in value ? value.policy : value
  if (candidate === null) return { problem: 'the policy file has no policy (its kind is unreadable)' }
  const problems = policyProblems(candidate)
  if (problems.length) return { problem: problems.join('; ') }
  return { policy: PolicySchema.parse(candidate) }
}
