import Big from 'big.js'
import { describe, expect, it } from 'vitest'
import { amountKey } from '../../../shared/api/amount-key'

describe('amountKey: decimal strings that sort as text like the numbers they name', () => {
  it('orders by value, not by characters, and equal values give equal keys', () => {
    const values = [
      '10',
      '9',
      '0.5',
      '0.05',
      '100.000001',
      '100',
      '1.50',
      '1.5',
      '0',
      '123456789012345678901234567890.1',
      '0.000000000000000001',
    ]
    const byKey = [...values].sort((a, b) => (amountKey(a) < amountKey(b) ? -1 : amountKey(a) > amountKey(b) ? 1 : 0))
    const byValue = [...values].sort((a, b) => new Big(a).cmp(new Big(b)))
    expect(byKey.map((v) => new Big(v).toFixed())).toEqual(byValue.map((v) => new Big(v).toFixed()))
    expect(amountKey('1.50')).toBe(amountKey('1.5'))
    expect(amountKey('7.000')).toBe(amountKey('7'))
  })

  it('refuses what is not a decimal string', () => {
    for (const bad of ['-1', '1e5', '01', '.5', '1,5', '']) expect(() => amountKey(bad)).toThrow(RangeError)
  })
})
