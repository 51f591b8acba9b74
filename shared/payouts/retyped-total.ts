import Big from 'big.js'
import { formatDecimal, readDecimal } from '../format/decimal'

/**
 * Whether the grand total recorded with a production batch is that total, compared as decimals (0.030 is 0.03).
 * The surfaces read what the person typed with `retypedProblem` and hand over the plain decimal, so the core
 * compares exact decimals and never depends on its own locale.
 */
export function isRetypedTotal(typed: string | null, total: string): boolean {
  if (typed === null || !/^\d+(\.\d+)?$/.test(typed.trim())) return false
  return new Big(typed.trim()).eq(total)
}

/**
 * Why an amount a person typed to confirm a production payout or batch is not `expected`, or null when it is.
 * Accepted: the amount as the review shows it in the person's locale ("200,000"), as the API writes it, and
 * either with trailing zeros ("200000.00"). Anything else is refused with the expected form shown.
 */
export function retypedProblem(typed: string, expected: string, locale?: string): string | null {
  const read = readDecimal(typed, locale)
  if (read !== null && new Big(read).eq(expected)) return null
  const shown = formatDecimal(expected, locale)
  return `Does not match: type ${shown}${shown === expected ? '' : ` (or ${expected})`}.`
}
