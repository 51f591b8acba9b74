import { useTimeZone, type TimeZoneChoice } from '../stores/time-zone'

const FULL: Record<TimeZoneChoice, Intl.DateTimeFormat> = {
  local: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' }),
  utc: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long', timeZone: 'UTC' }),
}
const CLOCK: Record<TimeZoneChoice, Intl.DateTimeFormat> = {
  local: new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }),
  utc: new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone: 'UTC' }),
}

/** Date, time to the second and zone, in the zone the user chose; the exact instant is in the tooltip and `dateTime`. */
export function Time({ value, clock = false }: { value: string | number; clock?: boolean }) {
  const zone = useTimeZone((s) => s.zone)
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return <span className="muted">—</span>
  return (
    <time dateTime={date.toISOString()} title={date.toISOString()}>
      {(clock ? CLOCK : FULL)[zone].format(date)}
    </time>
  )
}
