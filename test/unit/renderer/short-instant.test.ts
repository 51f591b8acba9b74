import { describe, expect, it } from 'vitest'
import { formatInstant, formatShortInstant } from '../../../renderer/src/format/instant'

// Issue 54: a one-line table row shows day and minute; the full instant stays in the title.
describe('the short instant', () => {
  it('writes day, month and minute in 24-hour time, without year, seconds or zone', () => {
    const short = formatShortInstant('2026-11-29T14:05:33Z', 'utc')!
    expect(short).toMatch(/\b29\b/)
    expect(short).toMatch(/\b14:05\b/)
    expect(short).not.toMatch(/2026|:33|UTC|PM/)
    expect(short.length).toBeLessThan(formatInstant('2026-11-29T14:05:33Z', 'utc')!.length / 2 + 2)
  })

  it('writes the first minutes after midnight as 00, never 24', () => {
    expect(formatShortInstant('2026-11-29T00:05:00Z', 'utc')).toMatch(/\b00:05\b/)
  })

  it('writes nothing for a value that is not a time', () => {
    expect(formatShortInstant('not a time', 'utc')).toBeNull()
  })
})
