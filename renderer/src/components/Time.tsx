import { formatInstant, formatShortInstant } from '../format/instant'
import { useTimeZone } from '../stores/time-zone'

/**
 * Date, time to the second and zone, in the zone the user chose; the exact instant is in the tooltip and `dateTime`.
 * `short` (a one-line table row) shows the day and the minute: the full time is then the tooltip and what a screen
 * reader reads.
 */
export function Time({
  value,
  clock = false,
  short = false,
}: {
  value: string | number
  clock?: boolean
  short?: boolean
}) {
  const zone = useTimeZone((s) => s.zone)
  const shown = formatInstant(value, zone, clock)
  if (shown === null) return <span className="muted">—</span>
  const iso = new Date(value).toISOString()
  if (!short)
    return (
      <time dateTime={iso} title={iso}>
        {shown}
      </time>
    )
  return (
    <time dateTime={iso} title={shown}>
      <span aria-hidden="true">{formatShortInstant(value, zone)}</span>
      <span className="sr-only">{shown}</span>
    </time>
  )
}
