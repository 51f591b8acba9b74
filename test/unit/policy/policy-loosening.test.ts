import { describe, expect, it } from 'vitest'
import { fieldMoves, splitChange } from '../../../electron/core/policy/policy-loosening'
import { NO_RULES, type Policy } from '../../../shared/policy/policy-schema'

const base: Policy = { ...NO_RULES, maxPerPayout: { ETH: '1', '*': '0' }, maxRequestsPerHour: 10 }
const moves = (after: Record<string, unknown>, before: Record<string, unknown> = base) =>
  fieldMoves(before, after).filter((m) => m.move !== 'same')

describe('the loosening comparator', () => {
  it.each([
    ['a lower cap', { ...base, maxPerPayout: { ETH: '0.5', '*': '0' } }, 'tighter'],
    ['a higher cap', { ...base, maxPerPayout: { ETH: '2', '*': '0' } }, 'looser'],
    ['a named asset freed from "*"=0', { ...base, maxPerPayout: { ETH: '1', '*': '0', BTC: '1' } }, 'looser'],
    ['the "*" rule removed', { ...base, maxPerPayout: { ETH: '1' } }, 'looser'],
    ['a cap added for an asset "*" left open', { ...NO_RULES, maxPerPayout: { BTC: '1' } }, 'tighter'],
    ['a lower hourly limit', { ...base, maxRequestsPerHour: 5 }, 'tighter'],
    ['no hourly limit', { ...base, maxRequestsPerHour: null }, 'looser'],
    ['hold all on', { ...base, holdAll: true }, 'tighter'],
    ['a shorter list', { ...base, destinations: { kind: 'list', ids: ['a'] } }, 'tighter'],
    ['a USD cap per payout added', { ...base, maxUsdPerPayout: '500' }, 'tighter'],
  ])('%s is %s', (_name, after, move) => {
    const before = _name.startsWith('a cap added') ? NO_RULES : base
    expect(moves(after, before)).toEqual([{ field: expect.any(String), move }])
  })

  it('the USD limits, hours and counts are judged by their own rule: lower is tighter, higher or removed waits', () => {
    const capped = { ...base, maxUsdPerPayout: '500', maxPayoutsPerHour: 5 }
    expect(moves({ ...capped, maxUsdPerPayout: '400' }, capped)).toEqual([
      { field: 'maxUsdPerPayout', move: 'tighter' },
    ])
    expect(moves({ ...capped, maxUsdPerPayout: '600' }, capped)).toEqual([{ field: 'maxUsdPerPayout', move: 'looser' }])
    expect(moves({ ...capped, maxPayoutsPerHour: null }, capped)).toEqual([
      { field: 'maxPayoutsPerHour', move: 'looser' },
    ])
    const weekdays = {
      timeZone: 'Europe/Zurich',
      outside: 'hold',
      windows: [{ days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' }],
    }
    const hours = { ...base, hours: weekdays }
    const shorter = { ...weekdays, windows: [{ days: [1, 2, 3], from: '09:00', to: '17:00' }] }
    expect(moves({ ...base, hours: shorter }, hours)).toEqual([{ field: 'hours', move: 'tighter' }])
    expect(moves(base, hours)).toEqual([{ field: 'hours', move: 'looser' }])
  })

  it('a longer list, and a list widened to "any", allow more', () => {
    const listed = { ...base, destinations: { kind: 'list', ids: ['a'] } }
    expect(moves({ ...base, destinations: { kind: 'list', ids: ['a', 'b'] } }, listed)[0]?.move).toBe('looser')
    expect(moves(base, listed)[0]?.move).toBe('looser')
  })

  it('a field it does not know counts as looser whenever it changes, whichever way (added, removed, changed)', () => {
    const later = { ...base, maxUsdPerMonth: '100' }
    expect(moves(later)).toEqual([{ field: 'maxUsdPerMonth', move: 'looser' }])
    expect(moves({ ...base, maxUsdPerMonth: '50' }, later)).toEqual([{ field: 'maxUsdPerMonth', move: 'looser' }])
    expect(moves(base, later)).toEqual([{ field: 'maxUsdPerMonth', move: 'looser' }])
    const usd = later
    expect(moves(usd, usd)).toEqual([])
  })

  it('a value of a shape it does not expect is looser, never an error', () => {
    expect(moves({ ...base, maxPerPayout: { ETH: 'lots' } })).toEqual([{ field: 'maxPerPayout', move: 'looser' }])
  })

  it('splits a mixed change: the tighter fields now, the whole policy later', () => {
    const after: Policy = { ...base, maxRequestsPerHour: 5, holdFirstPayout: false, maxPerPayout: {} }
    const split = splitChange({ ...base, holdFirstPayout: true }, after)
    expect(split.now).toMatchObject({ maxRequestsPerHour: 5, holdFirstPayout: true, maxPerPayout: base.maxPerPayout })
    expect(split.later).toEqual(after)
    expect(splitChange(base, { ...base, maxRequestsPerHour: 1 })).toEqual({
      now: { ...base, maxRequestsPerHour: 1 },
      later: null,
    })
  })
})
