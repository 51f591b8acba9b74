import { z } from 'zod'
import { text } from '../api/text'
import { untrusted } from '../text/untrusted-text'

/**
 * What a receipt of a completed payout states; built in core from what the store knows, printed by the app and the CLI.
 */
export const ReceiptSchema = z.strictObject({
  payoutId: text(),
  idempotencyKey: text().nullable(),
  amount: text(),
  asset: text(),
  network: text(),
  networkName: text(),
  destinationName: untrusted(text()).nullable(),
  address: text(),
  /** The wallet that paid: its id, and its name as the provider gave it when it could be read. */
  walletId: text().nullable(),
  walletName: untrusted(text()).nullable(),
  /** Sandbox money is test money: a receipt says which it was. */
  environment: z.enum(['sandbox', 'production']),
  txHash: text(),
  explorerUrl: text().nullable(),
  reference: untrusted(text()).nullable(),
  requestedBy: untrusted(text()).nullable(),
  /** Lifecycle times the store knows; null where it never saw the step. */
  requestedAt: text(),
  acceptedAt: text().nullable(),
  completedAt: text(),
  /** The last audit row about this payout: its place in the chain and its hash. */
  audit: z.strictObject({ seq: z.number().int(), hash: text() }).nullable(),
  /** The invoices this payout pays (number, amount, due day, the PDF's SHA-256), oldest first. */
  invoices: z.array(
    z.strictObject({
      number: text(),
      amount: text().nullable(),
      dueDate: text().nullable(),
      sha256: text().nullable(),
      amountNote: text().nullable(),
    }),
  ),
  generatedAt: text(),
})
/** A receipt as core builds it (plain strings). */
export type Receipt = z.input<typeof ReceiptSchema>
/** A receipt as the app and the CLI print it: someone else's text as UntrustedText. */
export type ReceiptView = z.output<typeof ReceiptSchema>
