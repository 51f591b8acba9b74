import Big from 'big.js'
import { LIMITS } from './limits'

/** A decimal string as the API writes it: digits, an optional fraction, no sign, no exponent. */
export const DECIMAL_PATTERN = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/

export type AmountProblem =
  'empty' | 'too_long' | 'not_decimal' | 'not_positive' | 'too_many_decimals' | 'over_available'

/** Checks a typed amount against the spec's rules; returns the first problem or null. */
export function checkAmount(text: string, decimals: number, available?: string): AmountProblem | null {
  if (text.length === 0) return 'empty'
  if (text.length > LIMITS.amount) return 'too_long'
  if (!DECIMAL_PATTERN.test(text)) return 'not_decimal'
  const value = new Big(text)
  if (value.lte(0)) return 'not_positive'
  if (decimalPlaces(text) > decimals) return 'too_many_decimals'
  if (available !== undefined && value.gt(new Big(available))) return 'over_available'
  return null
}

export function decimalPlaces(text: string): number {
  const dot = text.indexOf('.')
  return dot < 0 ? 0 : text.length - dot - 1
}

export const AMOUNT_PROBLEM_TEXT: Record<AmountProblem, string> = {
  empty: 'Enter an amount.',
  too_long: `An amount has at most ${LIMITS.amount} characters.`,
  not_decimal: 'Use digits and a dot only, for example 12.5 (no commas, signs or exponents).',
  not_positive: 'The amount must be more than zero.',
  too_many_decimals: 'This asset does not allow that many decimal places.',
  over_available: 'More than the available balance.',
}
