import Big from 'big.js'

/**
 * Whether the grand total a person typed to confirm a production batch is that total, compared as
 * decimals (0.030 is 0.03). The app enables its button and the core records the batch on this same
 * answer, so the two can never disagree.
 */
export function isRetypedTotal(typed: string | null, total: string): boolean {
  if (typed === null) return false
  try {
    return new Big(typed.trim()).eq(total)
  } catch {
    return false
  }
}
