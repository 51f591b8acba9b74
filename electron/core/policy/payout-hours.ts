import type { PayoutHours } from '../../../shared/policy/policy-schema'
import type { Decision } from './policy-decision'

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const QUARTER_MS = 15 * 60 * 1000
const zones = new Map<string, { format: Intl.DateTimeFormat; quarters: Map<number, number> }>()

/**
 * The ISO weekday (1 Monday) and HH:MM of `now` in an IANA zone. Intl gives the zone's wall clock at the start of each
 * quarter hour (zones change their offset only on quarter hours), kept, so a backtest of thousands asks it rarely.
 */
export function wallClock(now: Date, timeZone: string): { day: number; time: string } {
  let zone = zones.get(timeZone)
  if (!zone) {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    })
    zone = { format, quarters: new Map() }
    zones.set(timeZone, zone)
  }
  const quarter = Math.floor(now.getTime() / QUARTER_MS) * QUARTER_MS
  let offset = zone.quarters.get(quarter)
  if (offset === undefined) {
    const p = Object.fromEntries(zone.format.formatToParts(new Date(quarter)).map((x) => [x.type, x.value]))
    offset = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - quarter
    if (zone.quarters.size > 10_000) zone.quarters.clear()
    zone.quarters.set(quarter, offset)
  }
  const local = new Date(now.getTime() + offset)
  const time = `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`
  return { day: ((local.getUTCDay() + 6) % 7) + 1, time }
}

/** Outside every window: held for a person or refused, as the policy sets; inside one (or no hours set): null. */
export function checkHours(hours: PayoutHours | null, now: Date): Decision | null {
  if (hours === null) return null
  const clock = wallClock(now, hours.timeZone)
  if (hours.windows.some((w) => w.days.includes(clock.day) && clock.time >= w.from && clock.time < w.to)) return null
  const windows = hours.windows
    .map((w) => `${w.days.map((d) => DAY_NAMES[d - 1]!.slice(0, 3)).join(', ')} ${w.from}-${w.to}`)
    .join('; ')
  const clockNow = `${DAY_NAMES[clock.day - 1]} ${clock.time}`
  const said = `Agent payouts are allowed only ${windows} (${hours.timeZone}); it is ${clockNow} there now`
  return hours.outside === 'hold'
    ? {
        outcome: 'hold',
        rule: 'hold_outside_hours',
        message: `${said}, so this payout waits for a person at the desk.`,
      }
    : { outcome: 'deny', rule: 'outside_hours', message: `${said}, so this payout is refused.`, remaining: null }
}
