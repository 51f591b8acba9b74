import { z } from 'zod'
import { text } from '../../api/text'
import { WithdrawalQuerySchema } from '../../api/requests'
import { WITHDRAWAL_STATUSES, WithdrawalSchema } from '../../api/resources'
import { LIMITS } from '../../api/limits'
import { channels } from '../channel'
import { ExportResultSchema } from '../export-result'

const id = text().min(1).max(LIMITS.id)

export const PacingViewSchema = z.strictObject({
  limit: z.number().int(),
  windowSeconds: z.number(),
  remaining: z.number().int(),
  /**
   * Of the requests in the window, those nobody waits for (following payouts, the history sync); a person's go first.
   */
  background: z.number().int().optional(),
  /** Epoch ms of the last successful answer from the provider, for "refreshed at". */
  lastSuccessAt: z.number().nullable(),
  /**
   * A person's request waiting for a place in the budget now (epoch ms since, and until when it expects to start: null
   * while the requests it waits for are in flight), and why: the budget is spent, or the provider said Retry-After.
   */
  waiting: z
    .strictObject({ since: z.number(), until: z.number().nullable(), reason: z.enum(['budget', 'retry_after']) })
    .nullable()
    .optional(),
})

/** Payouts as the provider keeps them (withdrawals), and the request budget they share. */
export const withdrawalChannels = channels({
  'withdrawals.list': {
    input: WithdrawalQuerySchema.omit({ limit: true, offset: true }),
    output: z.array(WithdrawalSchema),
  },
  'withdrawals.get': {
    input: z.strictObject({ withdrawalId: id }),
    output: z.strictObject({ withdrawal: WithdrawalSchema, stale: z.boolean() }),
  },
  'withdrawals.cancel': { input: z.strictObject({ withdrawalId: id }), output: WithdrawalSchema },
  /**
   * Payouts of the list's filter to CSV, like `transactions.export`: the shell chooses the file, progress arrives as
   * events.
   */
  'withdrawals.export': {
    input: WithdrawalQuerySchema.omit({ limit: true, offset: true }).extend({
      status: z.enum(WITHDRAWAL_STATUSES).optional(),
    }),
    output: ExportResultSchema,
  },
  'withdrawals.cancelExport': {
    input: z.strictObject({ exportId: text() }),
    output: z.strictObject({ cancelled: z.boolean() }),
  },
  'pacing.status': { input: z.strictObject({}), output: PacingViewSchema },
})
