import { z } from 'zod'
import { text } from '../../api/text'
import { untrusted } from '../../text/untrusted-text'
import { ACTIVITY_ACTIONS } from '../../audit/activity-action'
import { channels } from '../channel'
import { ExportResultSchema } from '../export-result'

const instant = z.iso.datetime({ offset: true })

/**
 * Which audit rows the Activity view shows: by who (process or person), action and time, newest first, a page before
 * `beforeSeq`.
 */
export const ActivityFilterSchema = z.strictObject({
  actor: text().min(1).max(200).optional(),
  action: z.enum(ACTIVITY_ACTIONS).optional(),
  from: instant.optional(),
  to: instant.optional(),
})
export type ActivityFilter = z.infer<typeof ActivityFilterSchema>

/**
 * The payout a row is about, as the payout store knows it now (read with the page, never written into the audit row):
 * what it paid, in which asset, to which address and destination.
 */
export const ActivityPayoutSchema = z.strictObject({
  amount: text(),
  asset: text(),
  network: text().nullable(),
  address: text(),
  /** The destination's name in the desk's book; null for an address it has no name for. */
  destinationName: untrusted(text()).nullable(),
  /** The provider's payout id; null while the provider has not recorded it. */
  payoutId: text().nullable(),
})
export type ActivityPayout = z.infer<typeof ActivityPayoutSchema>
export type ActivityPayoutData = z.input<typeof ActivityPayoutSchema>

export const ActivityRowSchema = z.strictObject({
  seq: z.number().int(),
  at: text(),
  action: z.enum(ACTIVITY_ACTIONS),
  /** The process that wrote the row: app, cli, agent, ... */
  actor: text().nullable(),
  /** The person a decision names (a release, a rejection, a policy change). */
  person: text().nullable(),
  method: text(),
  path: text(),
  status: z.number().int().nullable(),
  errorCode: text().nullable(),
  idempotencyKey: text().nullable(),
  /** Left out when the row is about no payout, or about one the store no longer knows. */
  payout: ActivityPayoutSchema.optional(),
})
export type ActivityRow = z.infer<typeof ActivityRowSchema>
/** A row as the core writes it: someone else's text still a plain string. */
export type ActivityRowData = z.input<typeof ActivityRowSchema>

/** How far the hash chain holds: verified to row N, or the row where it breaks (never hidden). */
export const VerificationSchema = z.strictObject({
  ok: z.boolean(),
  verifiedTo: z.number().int(),
  rows: z.number().int(),
  brokenSeq: z.number().int().nullable(),
  problem: text().nullable(),
  /** True when every row was walked now; false when rows up to a checkpoint were walked before. */
  whole: z.boolean(),
})
export type Verification = z.infer<typeof VerificationSchema>

export const activityChannels = channels({
  'activity.page': {
    input: ActivityFilterSchema.extend({
      beforeSeq: z.number().int().min(1).optional(),
      limit: z.number().int().min(1).max(500).default(200),
    }),
    output: z.strictObject({ rows: z.array(ActivityRowSchema), nextBefore: z.number().int().nullable() }),
  },
  'activity.verify': { input: z.strictObject({ whole: z.boolean().default(false) }), output: VerificationSchema },
  'activity.export': { input: ActivityFilterSchema, output: ExportResultSchema },
  'activity.cancelExport': {
    input: z.strictObject({ exportId: text() }),
    output: z.strictObject({ cancelled: z.boolean() }),
  },
})
