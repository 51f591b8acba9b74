import { DeskError } from '../errors'
import type { RuleName } from './policy-check'

/** A policy outcome the agent gets as a tool error: the rule by name and what it still allows. */
export class PolicyError extends DeskError {
  constructor(
    code: 'policy_denied' | 'payout_held',
    message: string,
    readonly rule: RuleName,
    readonly remaining: string | null,
  ) {
    super(code, message)
  }
}

export function policyDenied(rule: RuleName, message: string, remaining: string | null): PolicyError {
  return new PolicyError(
    'policy_denied',
    `Refused by this profile's policy (rule ${rule}): ${message} Nothing was recorded or sent.`,
    rule,
    remaining,
  )
}

export function payoutHeld(rule: RuleName, message: string): PolicyError {
  return new PolicyError(
    'payout_held',
    `Recorded and held by this profile's policy (rule ${rule}): ${message} Nothing was sent yet. Call ` +
      `request_withdrawal again later with the same idempotency_key and fields to learn whether it was ` +
      `released or rejected.`,
    rule,
    null,
  )
}
