import * as rruleModule from 'rrule'
import type { RRule, RRuleSet } from 'rrule'
import { DeskError } from '../errors'

const isRrule = (m: unknown): m is typeof rruleModule =>
  typeof m === 'object' && m !== null && 'rrulestr' in m && typeof m.rrulestr === 'function'

// rrule ships a UMD bundle: Node's ESM loader (the CLI bundle) sees only its default export, bundlers its named ones.
function loadedRrule(loaded: unknown): typeof rruleModule {
  if (isRrule(loaded)) return loaded
  if (typeof loaded === 'object' && loaded !== null && 'default' in loaded && isRrule(loaded.default))
    return loaded.default
  throw new Error('The rrule library did not load: no rrulestr among its exports.')
}
const rrule = loadedRrule(rruleModule)

/** A period is the calendar day (UTC) of one occurrence of the run's rule, written YYYY-MM-DD. */
export type Period = string

const DAY_MS = 86_400_000
export const PERIOD = /^\d{4}-\d{2}-\d{2}$/

export const dayOf = (d: Date): Period => d.toISOString().slice(0, 10)
const startOf = (period: Period): Date => new Date(`${period}T00:00:00Z`)

function ruleOf(text: string): RRule | RRuleSet {
  try {
    return rrule.rrulestr(text, { forceset: false })
  } catch (err) {
    throw new DeskError(
      'invalid_input',
      `The schedule is not an RFC 5545 rule (${(err as Error).message}); for example FREQ=WEEKLY;BYDAY=FR.`,
    )
  }
}

/**
 * The schedule as kept: the rule with a DTSTART (today's, when the person gave none), so every desk that holds the
 * run file counts the same periods. `RRULE:` is optional in what is typed.
 */
export function normaliseSchedule(typed: string, today: Date): string {
  const text = typed.trim()
  if (text === '')
    throw new DeskError('invalid_input', 'The schedule is empty; give an RFC 5545 rule such as FREQ=WEEKLY;BYDAY=FR.')
  const lines = text.split(/\r?\n|\\n/).map((l) => l.trim())
  const rule = lines.map((l) => (/^(DTSTART|RRULE|EXDATE|RDATE)[:;]/i.test(l) ? l : `RRULE:${l}`))
  if (!rule.some((l) => /^DTSTART/i.test(l))) rule.unshift(`DTSTART:${dayOf(today).replace(/-/g, '')}T000000Z`)
  const kept = rule.join('\n')
  const parsed = ruleOf(kept)
  if (parsed.after(new Date(0), true) === null)
    throw new DeskError('invalid_input', 'The schedule has no occurrence at all.')
  return kept
}

/** Periods of the schedule from `from` to `to` (both days included), oldest first; at most `limit`. */
export function periodsBetween(schedule: string, from: Period, to: Period, limit = 400): Period[] {
  const out: Period[] = []
  for (const d of ruleOf(schedule).between(
    startOf(from),
    new Date(startOf(to).getTime() + DAY_MS - 1),
    true,
    (_d, i) => i < limit,
  )) {
    const p = dayOf(d)
    if (out[out.length - 1] !== p) out.push(p)
  }
  return out
}

/** Whether `period` is one of the schedule's days. */
export function isPeriod(schedule: string, period: Period): boolean {
  return PERIOD.test(period) && periodsBetween(schedule, period, period, 1).length === 1
}

/** The first period of the schedule on or after `day`, or null when the rule has ended. */
export function periodOnOrAfter(schedule: string, day: Period): Period | null {
  const d = ruleOf(schedule).after(startOf(day), true)
  return d ? dayOf(d) : null
}

/** The first period of the schedule at all. */
export function firstPeriod(schedule: string): Period | null {
  const d = ruleOf(schedule).after(new Date(0), true)
  return d ? dayOf(d) : null
}
