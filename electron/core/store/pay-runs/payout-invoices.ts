import { invoiceAmountNote } from '../../../../shared/payouts/invoice-amount'
import type { DeskStore } from '../desk-store'
import { payRunRepo } from './pay-run-repo'

/** An invoice as a payout's receipt, export and review name it. */
export interface PayoutInvoice {
  number: string
  amount: string | null
  invoiceDate: string | null
  dueDate: string | null
  sha256: string | null
  /** "Invoice N says …; this payout is …" when the invoice asks another sum, else null. */
  amountNote: string | null
}

/** The invoices recorded for a payout (by its Idempotency-Key), oldest first; none for one the desk did not make. */
export function payoutInvoices(
  store: DeskStore,
  key: string | null,
  payout: { amount: string; asset: string },
): PayoutInvoice[] {
  if (key === null) return []
  const invoices = store.read('read the invoices', () => store.repo(payRunRepo).invoicesOf(key))
  return invoices.map((i) => ({
    number: i.number,
    amount: i.amount,
    invoiceDate: i.invoiceDate,
    dueDate: i.dueDate,
    sha256: i.sha256,
    amountNote: invoiceAmountNote(i, payout),
  }))
}

/** The invoice numbers as one export cell (`INV-1; INV-2`), or null. */
export const invoiceNumbers = (invoices: readonly { number: string }[]): string | null =>
  invoices.length === 0 ? null : invoices.map((i) => i.number).join('; ')
