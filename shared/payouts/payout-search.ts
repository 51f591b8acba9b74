import { z } from 'zod'
import { text } from '../api/text'
import { untrusted } from '../text/untrusted-text'
import { NoteSchema } from './payout-notes'

export const SEARCH_TEXT_MAX = 200
const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * One search over every payout the store knows; `from` and `to` are UTC days, both included. Text is plain text, never
 * a pattern.
 */
export const PayoutSearchQuerySchema = z
  .strictObject({
    text: text().max(SEARCH_TEXT_MAX, `Search text is at most ${SEARCH_TEXT_MAX} characters`).default(''),
    from: text().regex(DAY, 'a day as YYYY-MM-DD').optional(),
    to: text().regex(DAY, 'a day as YYYY-MM-DD').optional(),
    limit: z.number().int().min(1).max(1000).default(200),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The range ends before it starts', path: ['to'] })
export type PayoutSearchQuery = z.input<typeof PayoutSearchQuerySchema>

export const REQUESTER_KINDS = ['person', 'cli', 'agent', 'unknown'] as const
export type RequesterKind = (typeof REQUESTER_KINDS)[number]

/** Who asked, from the outbox's "requested by": the app (a person), the CLI, or the agent through the connector. */
export function requesterKind(requestedBy: string | null): RequesterKind {
  if (requestedBy === null) return 'unknown'
  if (requestedBy === 'agent' || requestedBy.startsWith('agent ')) return 'agent'
  if (/\(cli\)$/.test(requestedBy) || requestedBy.startsWith('cli')) return 'cli'
  return requestedBy.startsWith('app') ? 'person' : 'unknown'
}

/** A payout as the search finds it: the outbox entry and the provider's latest answer, merged. */
export const PayoutHitSchema = z.strictObject({
  /** The provider's payout id; null while the provider has not recorded it. */
  payoutId: text().nullable(),
  idempotencyKey: text().nullable(),
  createdAt: text(),
  status: text(),
  amount: text(),
  asset: text(),
  network: text().nullable(),
  address: text(),
  destinationName: text().nullable(),
  requestedBy: text().nullable(),
  requester: z.enum(REQUESTER_KINDS),
  reference: text().nullable(),
  note: NoteSchema.nullable(),
  txHash: text().nullable(),
})
export type PayoutHit = z.infer<typeof PayoutHitSchema>

/** A hit as a page gets it: someone else's text (a name, who asked, a reference, a note) as UntrustedText. */
export const PayoutHitViewSchema = PayoutHitSchema.extend({
  destinationName: untrusted(text()).nullable(),
  requestedBy: untrusted(text()).nullable(),
  reference: untrusted(text()).nullable(),
  note: untrusted(NoteSchema).nullable(),
})
export type PayoutHitView = z.output<typeof PayoutHitViewSchema>

/** The one folding both the stored search text and a query go through, so case and width never hide a match. */
export function searchFold(value: string): string {
  return value.normalize('NFKC').toLowerCase()
}
