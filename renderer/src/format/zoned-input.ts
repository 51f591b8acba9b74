import type { TimeZoneChoice } from '../stores/time-zone'

/** A `datetime-local` value read in the chosen zone, as an ISO instant; null when empty or not a time. */
export function isoFromInput(value: string, zone: TimeZoneChoice): string | null {
  if (!value) return null
  const date = new Date(zone === 'utc' ? `${value}Z` : value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** An instant as the `datetime-local` text of the chosen zone (to the minute, or the second when it has seconds). */
export function inputFromIso(iso: string | null, zone: TimeZoneChoice): string {
  if (iso === null) return ''
  const date = new Date(iso)
  const shifted = zone === 'utc' ? date : new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  const text = shifted.toISOString()
  return date.getUTCSeconds() === 0 && date.getUTCMilliseconds() === 0 ? text.slice(0, 16) : text.slice(0, 19)
}
