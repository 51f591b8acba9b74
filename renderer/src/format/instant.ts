import type { TimeZoneChoice } from '../stores/time-zone'

const FULL: Record<TimeZoneChoice, Intl.DateTimeFormat> = {
  local: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' }),
  utc: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long', timeZone: 'UTC' }),
}
const CLOCK: Record<TimeZoneChoice, Intl.DateTimeFormat> = {
  local: new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }),
  utc: new Intl.DateTimeFormat(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: 'UTC',
  }),
}
/** Day, month and minute, 24-hour: a table cell one line wide, the full instant in its title (issue 54). */
const SHORT_PARTS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
const SHORT: Record<TimeZoneChoice, Intl.DateTimeFormat> = {
  local: new Intl.DateTimeFormat(undefined, { ...SHORT_PARTS, hourCycle: 'h23' }),
  utc: new Intl.DateTimeFormat(undefined, { ...SHORT_PARTS, hourCycle: 'h23', timeZone: 'UTC' }),
}

/**
 * The one way the app writes an instant: date, time to the second and zone, in the zone the person chose (or the clock
 * alone). Null for a value that is not a time.
 */
export function formatInstant(value: string | number, zone: TimeZoneChoice, clock = false): string | null {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : (clock ? CLOCK : FULL)[zone].format(date)
}

/** An instant as a narrow table cell shows it ("Nov 29, 14:05"), in the zone the person chose. Null for a non-time. */
export function formatShortInstant(value: string | number, zone: TimeZoneChoice): string | null {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : SHORT[zone].format(date)
}
