import { describe, expect, it } from 'vitest'
import { NO_RULES, type Policy } from '../../../shared/policy/policy-schema'
import { isTighter, loosenedRules } from '../../../shared/policy/policy-tightening'

const p = (over: Partial<Policy>): Policy => ({ ...NO_RULES, ...over })
const week = (from: string, to: string, outside: 'hold' | 'refuse' = 'hold') => ({
  hours: { timeZone: 'Europe/Berlin', windows: [{ days: [1, 2, 3, 4, 5], from, to }], outside },
})

describe('whether a change of the USD, hours and count rules allows more', () => {
  it('a lower or new limit tightens; a higher or removed one loosens', () => {
    expect(isTighter('maxUsdPerDay', p({ maxUsdPerDay: '1000' }), p({ maxUsdPerDay: '999.99' }))).toBe(true)
    expect(isTighter('maxUsdPerDay', p({}), p({ maxUsdPerDay: '5' }))).toBe(true)
    expect(isTighter('maxUsdPerDay', p({ maxUsdPerDay: '1000' }), p({ maxUsdPerDay: '1000.01' }))).toBe(false)
    expect(isTighter('maxPayoutsPerHour', p({ maxPayoutsPerHour: 3 }), p({}))).toBe(false)
    expect(loosenedRules(p({ maxPayoutsPerDay: 5 }), p({ maxPayoutsPerDay: 6, maxUsdPerPayout: '10' }))).toEqual([
      'maxPayoutsPerDay',
    ])
  })

  it('hours: narrower or hold → refuse tightens; wider, another zone or refuse → hold loosens', () => {
    expect(isTighter('hours', p(week('09:00', '17:00')), p(week('10:00', '16:00', 'refuse')))).toBe(true)
    expect(isTighter('hours', p(week('09:00', '17:00')), p(week('08:59', '17:00')))).toBe(false)
    expect(isTighter('hours', p(week('09:00', '17:00', 'refuse')), p(week('09:00', '17:00', 'hold')))).toBe(false)
    const tokyo = { hours: { ...week('09:00', '17:00').hours, timeZone: 'Asia/Tokyo' } }
    expect(isTighter('hours', p(week('09:00', '17:00')), p(tokyo))).toBe(false)
    expect(isTighter('hours', p(week('09:00', '17:00')), p({}))).toBe(false)
    expect(isTighter('hours', p({}), p(week('09:00', '17:00')))).toBe(true)
  })
})
