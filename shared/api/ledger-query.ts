import { z } from 'zod'
import { DECIMAL_PATTERN } from './amount'
import { TagSchema } from './leg-notes'
import { LIMITS } from './limits'
import { TransactionLegSchema } from './resources'
import { text } from './text'

const id = text().min(1).max(LIMITS.id)
const timestamp = z.string().datetime({ offset: true })
const decimal = z.string().max(LIMITS.amount).regex(DECIMAL_PATTERN, 'a decimal string')

/** Where the previous page of a ledger listing ended (its last row's sort position). */
export const LedgerPositionSchema = z.strictObject({
  at: timestamp,
  id: z.string(),
  direction: z.enum(['in', 'out', 'internal']),
})
export type LedgerPosition = z.infer<typeof LedgerPositionSchema>

/**
 * Filters over the local ledger; every one is optional and they combine (AND). Times are the
 * provider's recorded time, `from` exclusive and `to` inclusive like the API's created_after/before.
 * `text` matches anywhere in an address, a party name or a leg's note or tags, and at the start of a tx hash or
 * transaction id.
 */
export const LedgerFilterSchema = z.strictObject({
  walletId: id.optional(),
  asset: text().min(1).max(32).optional(),
  network: id.optional(),
  direction: z.enum(['in', 'out', 'internal']).optional(),
  /** A status word, or `not_final` for every leg still being re-read. */
  status: text().min(1).max(32).optional(),
  from: timestamp.optional(),
  to: timestamp.optional(),
  minAmount: decimal.optional(),
  maxAmount: decimal.optional(),
  text: text().trim().min(1).max(LIMITS.id).optional(),
  /** Only legs flagged as suspected address poisoning (incoming dust from a look-alike of a known address). */
  suspectedPoisoning: z.literal(true).optional(),
  /** Only legs a person tagged with this tag (any case). */
  tag: TagSchema.optional(),
})
export type LedgerFilter = z.infer<typeof LedgerFilterSchema>

export const LedgerPageQuerySchema = LedgerFilterSchema.extend({
  after: LedgerPositionSchema.optional(),
  limit: z.number().int().min(1).max(500).default(100),
})
export type LedgerPageQuery = z.input<typeof LedgerPageQuerySchema>

/** A leg as the ledger holds it: the provider's latest answer and when it was read. */
export const LedgerRowSchema = TransactionLegSchema.extend({
  read_at: timestamp,
  final: z.boolean(),
  /** Incoming dust or zero from a look-alike of an address the profile knows (shared/address/dust-bait.ts). */
  suspected_poisoning: z.boolean(),
})
export type LedgerRow = z.infer<typeof LedgerRowSchema>

export const LedgerPageSchema = z.strictObject({
  rows: z.array(LedgerRowSchema),
  next: LedgerPositionSchema.nullable(),
})
export type LedgerPage = z.infer<typeof LedgerPageSchema>

/** What the ledger holds and how fresh it is: the Transactions screen's completeness line. */
export const LedgerSummarySchema = z.strictObject({
  rows: z.number().int(),
  notFinal: z.number().int(),
  /** The first full sync has finished: everything recorded up to syncedAt is held. */
  complete: z.boolean(),
  /** Start of the last sync that reached the end of the history. */
  syncedAt: timestamp.nullable(),
  /** A sync under way (or interrupted): pages and rows committed so far. */
  walk: z
    .strictObject({
      pages: z.number().int(),
      rows: z.number().int(),
      startedAt: timestamp,
      reachedBack: timestamp.nullable(),
    })
    .nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: timestamp.nullable(),
})
export type LedgerSummary = z.infer<typeof LedgerSummarySchema>
