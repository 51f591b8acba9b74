import { describe, expect, it } from 'vitest'
import { presetPeriod } from '../../../shared/api/report-presets'

const at = (iso: string) => Date.parse(iso)
const NOW = at('2026-01-20T15:00:00.000Z')
const SYNCED = at('2026-01-20T14:55:00.000Z')

describe('report period presets (UTC)', () => {
  it.each([
    ['this-month', '2026-01-01T00:00:00.000Z', '2026-01-20T14:55:00.000Z'],
    ['last-month', '2025-12-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
    ['quarter-to-date', '2026-01-01T00:00:00.000Z', '2026-01-20T14:55:00.000Z'],
    ['last-quarter', '2025-10-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
    ['year-to-date', '2026-01-01T00:00:00.000Z', '2026-01-20T14:55:00.000Z'],
  ] as const)('%s: a period up to today ends at the last sync, a past one at its boundary', (preset, from, to) => {
    expect(presetPeriod(preset, NOW, SYNCED)).toEqual({ from, to })
  })

  it('without a sync a period up to today ends now, so the report names what is missing', () => {
    expect(presetPeriod('this-month', NOW, null).to).toBe(new Date(NOW).toISOString())
  })

  it('quarters start in January, April, July and October', () => {
    expect(presetPeriod('quarter-to-date', at('2026-08-31T23:59:59.000Z'), null).from).toBe('2026-07-01T00:00:00.000Z')
    expect(presetPeriod('last-quarter', at('2026-05-02T00:00:00.000Z'), null)).toEqual({
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-04-01T00:00:00.000Z',
    })
  })
})
