import type { HOLD_RULES } from '@shared/policy/hold-schema'

/** The policy rule that held a payout, in words a person reads: never its internal name ("hold_all") on screen. */
export const HOLD_RULE_WORDS: Readonly<Record<(typeof HOLD_RULES)[number], string>> = {
  hold_all: 'Every agent payout is held',
  hold_above: 'Above the hold amount',
  hold_first_payout: 'First payout to this destination',
  hold_outside_hours: 'Outside the payout hours',
}
