import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatDecimal } from '../../../renderer/src/format/decimal'

describe('formatDecimal', () => {
  it.each([
    ['1234567.891', 'en-US', '1,234,567.891'],
    ['1234567.891', 'de-DE', '1.234.567,891'],
    ['1234567.891', 'fr-FR', '1\u202f234\u202f567,891'],
    ['12', 'de-DE', '12'],
    ['0.000000000000000001', 'en-US', '0.000000000000000001'],
    // Past 2^53 a float would round; the digits must come through as written.
    ['123456789012345678901234.123456789012345678', 'en-US', '123,456,789,012,345,678,901,234.123456789012345678'],
    ['1.10', 'en-US', '1.10'],
  ])('%s in %s is %s', (value, locale, shown) => {
    expect(formatDecimal(value, locale)).toBe(shown)
  })

  it('leaves anything that is not a plain decimal alone', () => {
    expect(formatDecimal('1e3', 'en-US')).toBe('1e3')
    expect(formatDecimal('', 'en-US')).toBe('')
  })
})

describe('formatDecimal cost', () => {
  afterEach(() => vi.restoreAllMocks())

  it('builds no Intl formatter per amount: a scrolled table formats thousands with the ones it has', () => {
    formatDecimal('1.5', 'en-GB')
    const built = vi.spyOn(Intl, 'NumberFormat')
    for (let i = 0; i < 1000; i++) formatDecimal(`${i}.${i}`, 'en-GB')
    expect(built).not.toHaveBeenCalled()
  })
})
