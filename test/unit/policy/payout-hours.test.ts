import { describe, expect, it } from 'vitest'
import { checkHours, wallClock } from '../../../electron/core/policy/payout-hours'
import type { PayoutHours } from '../../../shared/policy/policy-schema'

// 2026-03-29 is the day Europe/Berlin moves from UTC+1 to UTC+2 at 01:00 UTC; Kathmandu is UTC+5:45 all year.
const at = (iso: string) => new Date(iso)

describe('payout hours, on the wall clock of the set zone', () => {
  it('reads the weekday and the time of a zone, across a change of its offset and at a quarter-hour offset', () => {
    expect(wallClock(at('2026-03-29T00:30:00Z'), 'Europe/Berlin')).toEqual({ day: 7, time: '01:30' })
    expect(wallClock(at('2026-03-29T01:30:00Z'), 'Europe/Berlin')).toEqual({ day: 7, time: '03:30' })
    expect(wallClock(at('2026-11-28T18:20:00Z'), 'Asia/Kathmandu')).toEqual({ day: 7, time: '00:05' })
    expect(wallClock(at('2026-11-28T18:20:00Z'), 'UTC')).toEqual({ day: 6, time: '18:20' })
  })

  const weekdays = (outside: PayoutHours['outside']): PayoutHours => ({
    timeZone: 'Europe/Berlin',
    windows: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:30' }],
    outside,
  })

  it('inside a window, or with no hours set, the rule says nothing', () => {
    expect(checkHours(null, at('2026-11-28T03:00:00Z'))).toBeNull()
    // Friday 2026-11-27, 09:00 in Berlin (UTC+1): the window's first minute.
    expect(checkHours(weekdays('hold'), at('2026-11-27T08:00:00Z'))).toBeNull()
  })

  it('outside, the payout is held or refused as set, naming the windows, the zone and its time there', () => {
    // Friday 17:30 in Berlin: the window's end is outside it.
    const held = checkHours(weekdays('hold'), at('2026-11-27T16:30:00Z'))
    expect(held).toEqual({
      outcome: 'hold',
      rule: 'hold_outside_hours',
      message:
        'Agent payouts are allowed only Mon, Tue, Wed, Thu, Fri 09:00-17:30 (Europe/Berlin); it is Friday 17:30 ' +
        'there now, so this payout waits for a person at the desk.',
    })
    // Saturday in Berlin.
    expect(checkHours(weekdays('refuse'), at('2026-11-28T12:00:00Z'))).toMatchObject({
      outcome: 'deny',
      rule: 'outside_hours',
      remaining: null,
      message: expect.stringContaining('it is Saturday 13:00 there now, so this payout is refused.'),
    })
  })
})
