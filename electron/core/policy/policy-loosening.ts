import Big from 'big.js'
import { isDeepStrictEqual } from 'node:util'
import { amountFor, NO_RULES, OTHER_ASSETS, PolicySchema, type Policy } from '../../../shared/policy/policy-schema'
import { EXTRA_RULES, isTighter, type ExtraRule } from '../../../shared/policy/policy-tightening'

/** How one top-level field of the policy moves: `tighter` only when it is proven to allow no more than before. */
export type FieldMove = 'same' | 'tighter' | 'looser'

type Rules = Record<string, unknown>
type Compare = (before: unknown, after: unknown) => FieldMove

/**
 * The fields whose tighter direction is known. Every other field (one this build does not know, or one added later)
 * is `looser` whenever it changes: a change that cannot be proven to allow less waits.
 */
const KNOWN: Readonly<Record<string, Compare>> = {
  maxPerPayout: perAssetLimit,
  maxPerDay: perAssetLimit,
  // A payout above the amount is held: a lower amount holds more, removing one holds less.
  holdAbove: perAssetLimit,
  maxRequestsPerHour: countLimit,
  destinations: destinationRule,
  holdAll: holdSwitch,
  holdFirstPayout: holdSwitch,
  // USD limits, hours and counts: judged where those rules are defined.
  ...Object.fromEntries(EXTRA_RULES.map((rule) => [rule, extraRule(rule)])),
}

function extraRule(rule: ExtraRule): Compare {
  // The rule's value in a policy of no other rule, through the schema: a value of another shape throws (looser).
  const only = (value: unknown): Policy => PolicySchema.parse({ ...NO_RULES, [rule]: value })
  return (before, after) => (isTighter(rule, only(before), only(after)) ? 'tighter' : 'looser')
}

/** Every field of either policy and how it moves, by a walk over both (never over a fixed list of fields). */
export function fieldMoves(before: Rules, after: Rules): Array<{ field: string; move: FieldMove }> {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()
  return fields.map((field) => ({ field, move: moveOf(field, before[field], after[field]) }))
}

function moveOf(field: string, before: unknown, after: unknown): FieldMove {
  if (isDeepStrictEqual(before, after)) return 'same'
  const compare = Object.hasOwn(KNOWN, field) ? KNOWN[field] : undefined
  if (!compare) return 'looser'
  try {
    return compare(before, after)
  } catch {
    // A value of a shape the comparison does not expect is not proven tighter.
    return 'looser'
  }
}

/**
 * A change split in two: `now` takes every field that allows less (or the same) at once; `later` is the whole
 * new policy, in force after the delay, when any field allows more. `now` is checked against the schema; when the
 * mix of old and new fields does not pass, nothing applies early and the whole change waits.
 */
export function splitChange(before: Policy, after: Policy): { now: Policy | null; later: Policy | null } {
  const moves = fieldMoves(before, after)
  const looser = moves.some((m) => m.move === 'looser')
  const tighter = moves.filter((m) => m.move === 'tighter').map((m) => m.field)
  if (!looser) return { now: after, later: null }
  if (tighter.length === 0) return { now: null, later: after }
  const mixed: Rules = { ...before }
  for (const field of tighter) mixed[field] = (after as Rules)[field]
  const parsed = PolicySchema.safeParse(mixed)
  return { now: parsed.success ? parsed.data : null, later: after }
}

/** Per-asset amounts where a lower amount allows less: every asset's amount before must still bound it after. */
function perAssetLimit(before: unknown, after: unknown): FieldMove {
  const b = before as Record<string, string>
  const a = after as Record<string, string>
  // An asset neither names falls under "*" in both, so the named ones and "*" cover every asset.
  const assets = new Set([...Object.keys(b), ...Object.keys(a), OTHER_ASSETS])
  for (const asset of assets) {
    const was = amountFor(b, asset)
    if (was === null) continue
    const is = amountFor(a, asset)
    if (is === null || new Big(is).gt(was)) return 'looser'
  }
  return 'tighter'
}

/** A count limit where null is no limit. */
function countLimit(before: unknown, after: unknown): FieldMove {
  if (before === null) return 'tighter'
  if (after === null) return 'looser'
  return (after as number) <= (before as number) ? 'tighter' : 'looser'
}

/** A hold switched on holds more; switched off, less. */
function holdSwitch(before: unknown, after: unknown): FieldMove {
  return before === false && after === true ? 'tighter' : 'looser'
}

/** Any < verified for N hours (more hours: fewer destinations); a list only ever narrows to a subset of itself. */
function destinationRule(before: unknown, after: unknown): FieldMove {
  const b = before as Policy['destinations']
  const a = after as Policy['destinations']
  if (b.kind === 'any') return 'tighter'
  if (b.kind === 'verified_for' && a.kind === 'verified_for') return a.hours >= b.hours ? 'tighter' : 'looser'
  if (b.kind === 'list' && a.kind === 'list') {
    const listed = new Set(b.ids)
    return a.ids.every((id) => listed.has(id)) ? 'tighter' : 'looser'
  }
  return 'looser'
}
