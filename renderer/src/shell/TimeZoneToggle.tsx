import { useTimeZone } from '../stores/time-zone'

/** UTC or local time for every time on every screen. */
export function TimeZoneToggle() {
  const { zone, set } = useTimeZone()
  return (
    <button
      type="button"
      onClick={() => set(zone === 'utc' ? 'local' : 'utc')}
      aria-pressed={zone === 'utc'}
      title="Show every time in UTC or in local time"
      data-testid="time-zone-toggle"
    >
      {zone === 'utc' ? 'Times: UTC' : 'Times: local'}
    </button>
  )
}
