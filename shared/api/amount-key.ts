import { DECIMAL_PATTERN } from './amount'

/**
 * A decimal string as text that sorts like the number it names, so a database can compare
 * amounts with an index: the integer part's length (3 digits), the integer digits, then the
 * fraction without trailing zeros. "9" < "10" and "1.5" = "1.50" hold as text, no float involved.
 */
export function amountKey(decimal: string): string {
  if (!DECIMAL_PATTERN.test(decimal)) throw new RangeError(`not a decimal string: ${decimal}`)
  const [whole, fraction = ''] = decimal.split('.') as [string, string?]
  const trimmed = fraction.replace(/0+$/, '')
  return whole.length.toString().padStart(3, '0') + whole + (trimmed ? `.${trimmed}` : '')
}
