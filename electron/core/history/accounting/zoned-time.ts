/** A moment's calendar day and clock time in one time zone, as digits. */
export interface ZonedTime {
  year: string
  month: string
  day: string
  hour: string
  minute: string
  second: string
}

/**
 * Reads moments in one IANA zone. The provider writes UTC; an accountant's books may keep another
 * zone's days, and a movement at 23:30 UTC can fall on the next day there.
 */
export function zonedClock(timeZone: string): (iso: string) => ZonedTime {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
  return (iso) => {
    const parts: Record<string, string> = {}
    for (const p of format.formatToParts(new Date(iso))) parts[p.type] = p.value
    return {
      year: parts.year!,
      month: parts.month!,
      day: parts.day!,
      hour: parts.hour!,
      minute: parts.minute!,
      second: parts.second!,
    }
  }
}

export const isoDay = (t: ZonedTime) => `${t.year}-${t.month}-${t.day}`
export const dayMonthYear = (t: ZonedTime) => `${t.day}/${t.month}/${t.year}`
export const dateTime = (t: ZonedTime) => `${isoDay(t)} ${t.hour}:${t.minute}:${t.second}`
