import { describe, expect, it } from 'vitest'
import { nextDue } from '../../../electron/core/pay-runs/due'
import { isPeriod, normaliseSchedule, periodsBetween } from '../../../electron/core/pay-runs/schedule'
import type { RunPeriod } from '../../../electron/core/store'

const FRIDAYS = 'DTSTART:20261106T000000Z\nRRULE:FREQ=WEEKLY;BYDAY=FR'
const done = (period: string, state: RunPeriod['state'] = 'sent'): RunPeriod => ({
  runId: 'r',
  period,
  state,
  origin: 'here',
  batchId: null,
  lines: [],
  at: '',
  actor: '',
})

describe('pay run schedule', () => {
  it('keeps a DTSTART (today when none is given) so every desk counts the same periods', () => {
    expect(normaliseSchedule('FREQ=WEEKLY;BYDAY=FR', new Date('2026-11-28T10:00:00Z'))).toBe(
      'DTSTART:20261128T000000Z\nRRULE:FREQ=WEEKLY;BYDAY=FR',
    )
    expect(normaliseSchedule('DTSTART:20261106T000000Z\\nRRULE:FREQ=WEEKLY;BYDAY=FR', new Date())).toBe(FRIDAYS)
    expect(() => normaliseSchedule('FREQ=SOMETIMES', new Date())).toThrow(/not an RFC 5545 rule/)
    expect(() => normaliseSchedule('', new Date())).toThrow(/empty/)
  })

  it('counts periods as days and knows its own days', () => {
    expect(periodsBetween(FRIDAYS, '2026-11-01', '2026-11-30')).toEqual([
      '2026-11-06',
      '2026-11-13',
      '2026-11-20',
      '2026-11-27',
    ])
    expect(isPeriod(FRIDAYS, '2026-11-13')).toBe(true)
    expect(isPeriod(FRIDAYS, '2026-11-14')).toBe(false)
    expect(isPeriod(FRIDAYS, 'friday')).toBe(false)
  })

  it('the next due period follows the latest sent or skipped one: overdue, due today or upcoming', () => {
    expect(nextDue(FRIDAYS, [], new Date('2026-11-06T12:00:00Z'))).toEqual({ period: '2026-11-06', state: 'due_today' })
    expect(nextDue(FRIDAYS, [done('2026-11-06')], new Date('2026-11-16T00:00:00Z'))).toEqual({
      period: '2026-11-13',
      state: 'overdue',
    })
    expect(
      nextDue(FRIDAYS, [done('2026-11-06'), done('2026-11-13', 'skipped')], new Date('2026-11-16T00:00:00Z')),
    ).toEqual({ period: '2026-11-20', state: 'upcoming' })
    const twice = 'DTSTART:20261106T000000Z\nRRULE:FREQ=WEEKLY;COUNT=2'
    expect(nextDue(twice, [done('2026-11-13')], new Date('2026-12-01T00:00:00Z'))).toEqual({
      period: null,
      state: 'ended',
    })
  })
})
