import type { RunPeriod } from '../store'
import { dayOf, periodOnOrAfter, firstPeriod, type Period } from './schedule'

export type DueState = 'overdue' | 'due_today' | 'upcoming' | 'ended'

export interface NextDue {
  period: Period | null
  state: DueState
}

const dayAfter = (period: Period): Period => dayOf(new Date(Date.parse(`${period}T00:00:00Z`) + 86_400_000))

/**
 * The run's next period to pay: the first one after the latest period sent or skipped (periods passed over before
 * that one are not owed again), or the schedule's first; overdue when its day has gone by.
 */
export function nextDue(schedule: string, periods: readonly RunPeriod[], today: Date): NextDue {
  const latest = periods.reduce<Period | null>((acc, p) => (acc === null || p.period > acc ? p.period : acc), null)
  const period = latest === null ? firstPeriod(schedule) : periodOnOrAfter(schedule, dayAfter(latest))
  if (period === null) return { period: null, state: 'ended' }
  const day = dayOf(today)
  return { period, state: period < day ? 'overdue' : period === day ? 'due_today' : 'upcoming' }
}
