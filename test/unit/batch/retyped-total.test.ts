import { describe, expect, it } from 'vitest'
import { isRetypedTotal } from '../../../shared/payouts/retyped-total'

describe('the retyped grand total of a production batch', () => {
  it('is compared as a decimal, not as text', () => {
    expect(isRetypedTotal('0.03', '0.03')).toBe(true)
    expect(isRetypedTotal('0.030', '0.03')).toBe(true)
    expect(isRetypedTotal(' 3.75 ', '3.75')).toBe(true)
    expect(isRetypedTotal('1000000.000000000000000001', '1000000.000000000000000001')).toBe(true)
  })

  it('refuses another amount, text that is no decimal, and nothing typed', () => {
    expect(isRetypedTotal('0.04', '0.03')).toBe(false)
    expect(isRetypedTotal('1000000', '1000000.000000000000000001')).toBe(false)
    expect(isRetypedTotal('0,03', '0.03')).toBe(false)
    expect(isRetypedTotal('', '0.03')).toBe(false)
    expect(isRetypedTotal(null, '0.03')).toBe(false)
  })
})
