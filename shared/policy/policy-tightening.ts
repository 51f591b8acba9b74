import Big from 'big.js'
import type { PayoutHours, Policy } from './policy-schema'

/** The rules this file speaks for: the USD limits, hours and counts (the per-asset rules are judged elsewhere). */
export const EXTRA_RULES = [
  'maxUsdPerPayout',
  'maxUsdPerDay',
  'maxUsdPer7Days',
  'hours',
  'maxPayoutsPerHour',
  'maxPayoutsPerDay',
  'maxNewDestinationPayoutsPerDay',
] as const satisfies ReadonlyArray<keyof Policy>
export type ExtraRule = (typeof EXTRA_RULES)[number]

/**
 * Whether changing `rule` from `before` to `after` allows nothing more: every payout the new rule lets through, the
 * old one let through too. Unchanged counts as tighter (nothing more is allowed). Anything not provably so (a higher
 * limit, a limit removed, a wider window, a changed zone, refuse → hold outside hours) is loosening.
 */
export function isTighter(rule: ExtraRule, before: Policy, after: Policy): boolean {
  switch (rule) {
    case 'maxUsdPerPayout':
    case 'maxUsdPerDay':
    case 'maxUsdPer7Days':
      return capTighter(before[rule], after[rule], (a, b) => new Big(a).lte(b))
    case 'maxPayoutsPerHour':
    case 'maxPayoutsPerDay':
    case 'maxNewDestinationPayoutsPerDay':
      return capTighter(before[rule], after[rule], (a, b) => a <= b)
    case 'hours':
      return hoursTighter(before.hours, after.hours)
  }
}

/** The extra rules whose change loosens the policy, for a reviewer's diff. */
export function loosenedRules(before: Policy, after: Policy): ExtraRule[] {
  return EXTRA_RULES.filter((r) => !isTighter(r, before, after))
}

/** null is "no limit": adding one tightens, removing one loosens. */
function capTighter<T>(before: T | null, after: T | null, atMost: (after: T, before: T) => boolean): boolean {
  if (after === null) return before === null
  return before === null || atMost(after, before)
}

/**
 * Tighter when every minute the new windows allow, the old ones allowed (same zone), and outside them the new rule is
 * at least as strict (refuse is stricter than hold). Judged per minute of the week: no time-zone arithmetic.
 */
function hoursTighter(before: PayoutHours | null, after: PayoutHours | null): boolean {
  if (after === null) return before === null
  if (before === null) return true
  if (before.timeZone !== after.timeZone) return false
  if (before.outside === 'refuse' && after.outside === 'hold') return false
  const was = minutes(before)
  for (const m of minutes(after)) if (!was.has(m)) return false
  return true
}

function minutes(h: PayoutHours): Set<number> {
  const out = new Set<number>()
  const at = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))
  for (const w of h.windows)
    for (const d of w.days) for (let m = at(w.from); m < at(w.to); m++) out.add((d - 1) * 1440 + m)
  return out
}
