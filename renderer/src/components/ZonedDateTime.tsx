import { inputFromIso, isoFromInput } from '../format/zoned-input'
import { useTimeZone } from '../stores/time-zone'
import { Field } from './Field'

interface Props {
  label: string
  value: string | null
  onChange: (iso: string | null) => void
  error?: string | null
}

/**
 * A date-and-time field in the zone the user chose (UTC or local), holding an instant: switching
 * the zone rewrites the text shown, never the instant the filter uses.
 */
export function ZonedDateTime({ label, value, onChange, error }: Props) {
  const zone = useTimeZone((s) => s.zone)
  return (
    <Field label={`${label} (${zone === 'utc' ? 'UTC' : 'local time'})`} error={error}>
      <input
        type="datetime-local"
        step={1}
        value={inputFromIso(value, zone)}
        onChange={(e) => onChange(isoFromInput(e.target.value, zone))}
      />
    </Field>
  )
}
