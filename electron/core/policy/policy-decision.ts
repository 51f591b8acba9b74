import type { HoldRule } from '../../../shared/policy/hold-schema'

/** A rule's name, as refusals and the audit log give it. */
export type RuleName =
  | 'policy_unreadable'
  | 'counts_tampered'
  | 'grant_mismatch'
  | 'max_per_payout'
  | 'max_per_day'
  | 'max_requests_per_hour'
  | 'destinations'
  | 'agent_stopped'
  | 'max_usd_per_payout'
  | 'max_usd_per_day'
  | 'max_usd_per_7_days'
  | 'usd_no_rate'
  | 'outside_hours'
  | 'max_payouts_per_hour'
  | 'max_payouts_per_day'
  | 'max_new_destination_payouts_per_day'
  | HoldRule

export type Decision =
  | { outcome: 'allow' }
  | { outcome: 'hold'; rule: HoldRule; message: string }
  /** `remaining`: what the rule still allows (an amount, a count), or null when nothing of the kind applies. */
  | { outcome: 'deny'; rule: RuleName; message: string; remaining: string | null }
