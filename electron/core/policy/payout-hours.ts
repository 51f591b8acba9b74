import type { PayoutHours } from '../../../shared/policy/policy-schema'
import type { Decision } from './policy-check'

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const formats = new Map<string, Intl.DateTimeFormat>()

/** The ISO weekday (1 Monday) and HH:MM of `now` in an IANA zone, as Intl computes it (offsets and DST included). */
export function wallClock(now: Date, timeZone: string): { day: number; time: string } {
  let f = formats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    formats.set(timeZone, f)
  }
  const parts = Object.fromEntries(f.formatToParts(now).map((p) => [p.type, p.value]))
  return { day: WEEKDAYS.indexOf(parts.weekday!) + 1, time: `${parts.hour}:${parts.minute}` }
}

/** Outside every window: held for a person or refused, as the policy sets; inside one (or no hours set): null. */
export function checkHours(hours: PayoutHours | null, now: Date): Decision | null {
  if (hours === null) return null
  const clock = wallClock(now, hours.timeZone)
  if (hours.windows.some((w) => w.days.includes(clock.day) && clock.time >= w.from && clock.time < w.to)) return null
  const windows = hours.windows
    .map((w) => `${w.days.map((d) => DAY_NAMES[d - 1]!.slice(0, 3)).join(', ')} ${w.from}-${w.to}`)
    .join('; ')
  const said = `Agent payouts are allowed only ${windows} (${hours.timeZone}); it is ${DAY_NAMES[clock.day - 1]} ${clock.time} there now`
  return hours.outside === 'hold'
    ? { outcome: 'hold', rule: 'hold_outside_hours', message: `${said}, so this payout waits for a person at the desk.` }
    : { outcome: 'deny', rule: 'outside_hours', message: `${said}, so this payout is refused.`, remaining: null }
}
