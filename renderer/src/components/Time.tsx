import { formatInstant } from '../format/instant'
import { useTimeZone } from '../stores/time-zone'

/**
 * Date, time to the second and zone, in the zone the user chose; the exact instant is in the tooltip and `dateTime`.
 */
export function Time({ value, clock = false }: { value: string | number; clock?: boolean }) {
  const zone = useTimeZone((s) => s.zone)
  const shown = formatInstant(value, zone, clock)
  if (shown === null) return <span className="muted">—</span>
  const iso = new Date(value).toISOString()
  return (
    <time dateTime={iso} title={iso}>
      {shown}
    </time>
  )
}
