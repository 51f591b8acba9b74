import { z } from 'zod'
import { text } from '../../api/text'
import { channels } from '../channel'

/** An invoice a payout pays, as its detail shows it. */
export const PayoutInvoiceSchema = z.strictObject({
  number: z.string(),
  amount: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  sha256: z.string().nullable(),
  /** "Invoice N says …; this payout is …" when the invoice asks another sum. */
  amountNote: z.string().nullable(),
})

const ref = text().min(1).max(200)

export const invoiceChannels = channels({
  /** The invoices recorded for a payout (by payout id or Idempotency-Key), oldest first. */
  'invoices.ofPayout': { input: z.strictObject({ ref }), output: z.array(PayoutInvoiceSchema) },
  /**
   * Attaches an invoice PDF to a payout, as `invoice attach` does: the file copied into the profile's folder under
   * its SHA-256; a number this payee had before is refused unless `confirmRepeat` (audited).
   */
  'invoices.attach': {
    input: z.strictObject({
      ref,
      /** 10 MB of bytes is at most 13,981,016 base64 characters; anything longer is refused before decoding. */
      base64: text().max(14_000_000),
      number: text().min(1).max(120),
      amount: text().max(60).nullable(),
      due: text().max(10).nullable(),
      confirmRepeat: z.boolean(),
    }),
    output: PayoutInvoiceSchema,
  },
})
