import Big from 'big.js'
import { DECIMAL_PATTERN } from '../api/amount'
import { formatDecimal } from '../format/decimal'

/** A sum as a review writes it: grouped, with at least cents (`1,500.00`), every digit kept. */
function sum(value: string, locale: string): string {
  const places = Math.max(2, value.split('.')[1]?.length ?? 0)
  return formatDecimal(new Big(value).toFixed(places), locale)
}

/**
 * The review's sentence when an invoice asks another sum than the payout pays (compared as decimals, so `1500` is
 * `1500.00`); null when they agree or the invoice names no amount.
 */
export function invoiceAmountNote(
  invoice: { number: string; amount: string | null },
  payout: { amount: string; asset: string },
  locale = 'en',
): string | null {
  const { amount } = invoice
  if (amount === null || !DECIMAL_PATTERN.test(amount) || !DECIMAL_PATTERN.test(payout.amount)) return null
  if (new Big(amount).eq(payout.amount)) return null
  const asks = `${sum(amount, locale)} ${payout.asset}`
  return `Invoice ${invoice.number} says ${asks}; this payout is ${sum(payout.amount, locale)} ${payout.asset}`
}
