import { DECIMAL_PATTERN } from '../../../../shared/api/amount'

/**
 * Amounts and fees as the ledger stores them (migration 17): a decimal text as one integer, its digits without the
 * point times 32 plus the number of digits after the point, so "0.0679695" is 679695 * 32 + 7 (4 bytes instead of 9).
 * Only texts that come back character for character are packed (DECIMAL_PATTERN has no leading zeros, and the point
 * always has digits after it); longer forms stay text. A stored value of any other kind reads back as it is, so the
 * column rules still refuse a damaged one.
 */

/** Digits after the point a packed amount can hold (the low 5 bits). */
const SCALES = 32
/** The largest digit string a packed amount can hold: the integer stays safe in a JS number. */
const MAX_DIGITS = BigInt(Math.floor(Number.MAX_SAFE_INTEGER / SCALES))

/** An amount as a leg stores it: an integer (a bigint, so SQLite keeps it whole) or the text it was. */
export function packAmount<T>(amount: string | T): bigint | string | T {
  if (typeof amount !== 'string' || !DECIMAL_PATTERN.test(amount)) return amount
  const point = amount.indexOf('.')
  const scale = point < 0 ? 0 : amount.length - point - 1
  const digits = point < 0 ? amount : amount.slice(0, point) + amount.slice(point + 1)
  const mantissa = BigInt(digits)
  if (scale >= SCALES || mantissa > MAX_DIGITS) return amount
  return mantissa * BigInt(SCALES) + BigInt(scale)
}

/** A stored amount as its text; anything that is not a packed amount (text, a damaged value) as it is. */
export function amountText(stored: unknown): unknown {
  if (typeof stored !== 'number' || !Number.isSafeInteger(stored) || stored < 0) return stored
  const scale = stored % SCALES
  const digits = String((stored - scale) / SCALES)
  if (scale === 0) return digits
  const padded = digits.padStart(scale + 1, '0')
  return `${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`
}
