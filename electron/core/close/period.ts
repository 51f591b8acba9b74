import { ClosePeriodSchema, PERIOD_PATTERN } from '../../../shared/api/close'
import { TimeZoneSchema } from '../../../shared/api/accounting-export'
import { quoteInput } from '../../../shared/api/text'
import { DeskError } from '../errors'
import { zonedClock } from '../history/use-cases'

/** A calendar month in one time zone: its first instant and its cutoff (the next month's first instant). */
export interface ClosePeriod {
  period: string
  timeZone: string
  from: string
  cutoff: string
}

/** The UTC instant of local midnight on the first of a month in `zone` (DST read at that instant). */
function monthStartIn(year: number, month: number, zone: string): number {
  const clock = zonedClock(zone)
  const guess = Date.UTC(year, month - 1, 1)
  const offsetAt = (ms: number) => {
    const t = clock(new Date(ms).toISOString())
    const local = Date.UTC(+t.year, +t.month - 1, +t.day, +t.hour, +t.minute, +t.second)
    return local - Math.floor(ms / 1000) * 1000
  }
  const first = guess - offsetAt(guess)
  return guess - offsetAt(first)
}

/** A period as a person wrote it, checked; calendar months in UTC unless a time zone is named. */
export function closePeriod(period: string, timeZone = 'UTC'): ClosePeriod {
  if (!ClosePeriodSchema.safeParse(period).success)
    throw new DeskError('invalid_input', `The period ${quoteInput(period)} is not a calendar month written YYYY-MM.`)
  if (!TimeZoneSchema.safeParse(timeZone).success)
    throw new DeskError('invalid_input', `${quoteInput(timeZone)} is not an IANA time zone such as UTC.`)
  const [, y, m] = PERIOD_PATTERN.exec(period)!
  const year = Number(y)
  const month = Number(m)
  const from = monthStartIn(year, month, timeZone)
  const cutoff = month === 12 ? monthStartIn(year + 1, 1, timeZone) : monthStartIn(year, month + 1, timeZone)
  return { period, timeZone, from: new Date(from).toISOString(), cutoff: new Date(cutoff).toISOString() }
}

/** The ledger filter of a period: `from` is exclusive and `to` inclusive there, so a millisecond before each bound. */
export const periodFilter = (p: ClosePeriod) => ({
  from: new Date(Date.parse(p.from) - 1).toISOString(),
  to: new Date(Date.parse(p.cutoff) - 1).toISOString(),
})

/** Whether an instant (ISO) falls in the period. */
export const inPeriod = (p: Pick<ClosePeriod, 'from' | 'cutoff'>, at: string) => {
  const ms = Date.parse(at)
  return ms >= Date.parse(p.from) && ms < Date.parse(p.cutoff)
}
