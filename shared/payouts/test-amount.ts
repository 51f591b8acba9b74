import Big from 'big.js'
import { AMOUNT_PROBLEM_TEXT, checkAmount } from '../api/amount'
import { assetDecimals } from '../api/networks'

/**
 * A test payout's amount: a valid amount of the asset, more than 0 and less than the full amount, so a rest is left
 * to send once the test has arrived. Null when it is fine.
 */
export function testAmountProblem(testAmount: string, fullAmount: string, asset: string): string | null {
  const problem = checkAmount(testAmount.trim(), assetDecimals(asset) ?? 18)
  if (problem) return AMOUNT_PROBLEM_TEXT[problem]
  if (new Big(testAmount.trim()).gte(new Big(fullAmount)))
    return `A test amount is less than the full amount (${fullAmount} ${asset}).`
  return null
}

/** What is left to send after the test: full − test, in decimals (never floats). */
export function restAmount(fullAmount: string, testAmount: string): string {
  return new Big(fullAmount).minus(new Big(testAmount)).toFixed()
}
