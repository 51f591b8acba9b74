import { describe, expect, it } from 'vitest'
import { readDecimal } from '../../../shared/format/decimal'
import { isRetypedTotal, retypedProblem } from '../../../shared/payouts/retyped-total'

describe('the retyped grand total of a production batch', () => {
  it('is compared as a plain decimal, not as text', () => {
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

describe('an amount typed to confirm a production payout or batch', () => {
  it('is accepted as the review shows it in the locale, as the API writes it, and with trailing zeros', () => {
    expect(retypedProblem('200,000', '200000', 'en-US')).toBeNull()
    expect(retypedProblem('200000.00', '200000', 'en-US')).toBeNull()
    expect(retypedProblem('200,000.50', '200000.5', 'en-US')).toBeNull()
    expect(retypedProblem('200.000', '200000', 'de-DE')).toBeNull()
    expect(retypedProblem('200.000,50', '200000.5', 'de-DE')).toBeNull()
    expect(retypedProblem('200000.5', '200000.5', 'de-DE')).toBeNull()
    // A French reader sees a narrow no-break space and types a plain one.
    expect(retypedProblem('200 000,5', '200000.5', 'fr-FR')).toBeNull()
    expect(retypedProblem('2,00,000', '200000', 'en-IN')).toBeNull()
    expect(retypedProblem(' 30.5 ', '30.5', 'en-US')).toBeNull()
  })

  it('is refused when it is another amount or separators stand where the locale puts none, showing the expected form', () => {
    expect(retypedProblem('1,5', '15', 'en-US')).toBe('Does not match: type 15.')
    expect(retypedProblem('20,0000', '200000', 'en-US')).toBe('Does not match: type 200,000 (or 200000).')
    expect(retypedProblem('200.000', '200', 'de-DE')).toBe('Does not match: type 200.')
    expect(retypedProblem('200,001', '200000', 'en-US')).toBe('Does not match: type 200,000 (or 200000).')
    expect(retypedProblem('200.000,5', '200000.5', 'de-DE')).toBeNull()
    expect(retypedProblem('', '30.5', 'de-DE')).toBe('Does not match: type 30,5 (or 30.5).')
    expect(retypedProblem('-30.5', '30.5', 'en-US')).not.toBeNull()
    expect(retypedProblem('3e1', '30', 'en-US')).not.toBeNull()
  })

  it('is read once, one way: the plain decimal the surfaces hand to the core', () => {
    expect(readDecimal('200,000', 'en-US')).toBe('200000')
    expect(readDecimal('200.000', 'de-DE')).toBe('200000')
    expect(readDecimal('0.030', 'de-DE')).toBe('0.03')
    expect(readDecimal('1,5', 'en-US')).toBeNull()
    expect(isRetypedTotal(readDecimal('200,000.00', 'en-US'), '200000')).toBe(true)
  })
})
