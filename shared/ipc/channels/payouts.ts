import { z } from 'zod'
import { text } from '../../api/text'
import { CreateWithdrawalSchema } from '../../api/requests'
import { WithdrawalSchema } from '../../api/resources'
import { channels } from '../channel'
import { untrusted } from '../../text/untrusted-text'
import { OutboxErrorSchema } from '../outbox-error'
import { NoteSchema, PayoutReferenceSchema } from '../../payouts/payout-notes'
import { PayoutHitViewSchema, PayoutSearchQuerySchema } from '../../payouts/payout-search'
import { ReceiptSchema } from '../../payouts/receipt'

/** A payout named by its payout id or its Idempotency-Key. */
const PayoutRef = text().min(1).max(128)

/** A production payout's amount typed again, as a plain decimal (the surface reads the person's locale). */
export const RetypedAmountSchema = text().max(64).nullable().optional()

/**
 * `queued`: recorded, not yet attempted (a batch row, or a payout waiting for the provider's Retry-After until
 * `notBefore`);
 * `held`: an agent's request waiting for a person at the desk; the rest as before.
 */
export const OutboxStateSchema = z.enum(['queued', 'held', 'sending', 'accepted', 'refused', 'unknown', 'discarded'])

export const OutboxEntryViewSchema = z.strictObject({
  idempotencyKey: text(),
  body: CreateWithdrawalSchema,
  createdAt: text(),
  requestedBy: untrusted(text()),
  state: OutboxStateSchema,
  withdrawalId: text().nullable(),
  error: OutboxErrorSchema.nullable(),
  /** A queued payout is not attempted before this time (the provider asked to wait). */
  notBefore: text().nullable(),
  /** The user's own reference (a batch row's), kept locally. */
  reference: untrusted(text()).nullable(),
  batchId: text().nullable(),
})
/** An outbox entry as a page gets it (someone else's text as UntrustedText). */
export type OutboxEntryView = z.output<typeof OutboxEntryViewSchema>
/** The same entry as core builds it, with plain strings. */
export type OutboxEntryReply = z.input<typeof OutboxEntryViewSchema>

export const AuditLineSchema = z.strictObject({
  at: text(),
  method: text(),
  path: text(),
  status: z.number().int().nullable(),
  errorCode: text().nullable(),
  requestId: text().nullable(),
  idempotencyKey: text().nullable(),
})

/** An outbox row that fails its schema: held (never sent or re-sent), shown so a person can act on it. */
export const DamagedOutboxRowSchema = z.strictObject({ idempotencyKey: text(), problem: text(), advice: text() })
export type DamagedOutboxRow = z.infer<typeof DamagedOutboxRowSchema>

export const payoutChannels = channels({
  /** Starts a new payout: a new Idempotency-Key is made here and only here. */
  'payouts.request': {
    /**
     * `reference` stays with the outbox entry and is never sent to the provider. `retypedAmount`: on a production
     * profile, the amount the person typed again, as a plain decimal; without it nothing is recorded.
     */
    input: CreateWithdrawalSchema.extend({
      reference: PayoutReferenceSchema.optional(),
      retypedAmount: RetypedAmountSchema,
      /**
       * "Request again": the expired, rejected or failed payout (id or Idempotency-Key) this new one repeats, its body
       * as the page showed it; the core refuses a body that is not that payout's. A write like any new payout.
       */
      againOf: PayoutRef.optional(),
    }),
    output: z.strictObject({ entry: OutboxEntryViewSchema, withdrawal: WithdrawalSchema.nullable() }),
  },
  'payouts.outbox': { input: z.strictObject({}), output: z.array(OutboxEntryViewSchema) },
  'payouts.checkAgain': {
    input: z.strictObject({ idempotencyKey: text().min(1).max(128) }),
    output: OutboxEntryViewSchema,
  },
  'payouts.resend': {
    input: z.strictObject({ idempotencyKey: text().min(1).max(128) }),
    output: OutboxEntryViewSchema,
  },
  'payouts.discard': {
    input: z.strictObject({ idempotencyKey: text().min(1).max(128) }),
    output: OutboxEntryViewSchema,
  },
  'audit.tail': {
    input: z.strictObject({ limit: z.number().int().min(1).max(1000).default(200) }),
    output: z.array(AuditLineSchema),
  },
  /** The outbox rows `payouts.outbox` cannot list because they are damaged. */
  'payouts.outboxDamaged': { input: z.strictObject({}), output: z.array(DamagedOutboxRowSchema) },
  /** Every payout the store knows, by any of its fields and a range of days. */
  'payouts.search': { input: PayoutSearchQuerySchema, output: z.array(PayoutHitViewSchema) },
  /** Sets a payout's private note; an empty note removes it. */
  'payouts.setNote': { input: z.strictObject({ ref: PayoutRef, note: NoteSchema }), output: PayoutHitViewSchema },
  /** The receipt of a completed payout (read again from the provider first); refused naming the status otherwise. */
  'payouts.receipt': { input: z.strictObject({ ref: PayoutRef }), output: ReceiptSchema },
  /**
   * The receipt on screen saved as a PDF where the person chooses (the desktop app; the demo uses the browser's print).
   */
  'payouts.saveReceiptPdf': {
    input: z.strictObject({ ref: PayoutRef }),
    output: z.strictObject({ path: text().nullable() }),
  },
})
