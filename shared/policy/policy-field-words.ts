import type { Policy } from './policy-schema'

/** Words for each rule of the agent policy, where a change or a version lists it (the app and the CLI say the same). */
export const POLICY_FIELD_WORDS: Readonly<Record<keyof Policy, string>> = {
  maxPerPayout: 'Most per payout',
  maxPerDay: 'Most in any 24 hours',
  maxRequestsPerHour: 'Write requests per hour',
  destinations: 'Destinations',
  holdAbove: 'Hold above',
  holdAll: 'Hold every payout',
  holdFirstPayout: 'Hold a first payout',
  maxUsdPerPayout: 'Most USD per payout',
  maxUsdPerDay: 'Most USD in any 24 hours',
  maxUsdPer7Days: 'Most USD in any 7 days',
  hours: 'Payout hours',
  maxPayoutsPerHour: 'Payouts per hour',
  maxPayoutsPerDay: 'Payouts in any 24 hours',
  maxNewDestinationPayoutsPerDay: 'Payouts to newly paid addresses in any 24 hours',
}

/** A rule's words; a field this build does not name shows under its own key. */
export function policyFieldWords(field: string): string {
  return Object.hasOwn(POLICY_FIELD_WORDS, field) ? POLICY_FIELD_WORDS[field as keyof Policy] : field
}
