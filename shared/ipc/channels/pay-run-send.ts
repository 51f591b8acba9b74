import { z } from 'zod'
import { text } from '../../api/text'
import { channels } from '../channel'
import { untrusted } from '../../text/untrusted-text'

export const RunSendRowSchema = z.strictObject({
  payee: untrusted(),
  amount: z.string(),
  asset: z.string(),
  state: z.string(),
  /** Another desk sent this payee's period with another amount (the provider answered 409). */
  conflict: z.boolean(),
  /** The provider answered with a payout it made before this desk recorded the period: sent from another desk. */
  earlier: z.boolean(),
})

export const payRunSendChannels = channels({
  /**
   * Records the period under its derived Idempotency-Keys and sends it; a repeat here or elsewhere pays nothing twice.
   */
  'payRuns.send': {
    input: z.strictObject({
      name: text().min(1).max(120),
      period: text()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
      confirmDuplicates: z.boolean(),
      /** The destinations never paid before were checked with their recipients. */
      confirmFirstPayouts: z.boolean(),
      /** A production period's grand total typed again; null elsewhere. */
      retypedTotal: text().max(200).nullable(),
    }),
    output: z.strictObject({
      period: z.string(),
      batchId: z.string(),
      again: z.boolean(),
      busy: z.boolean(),
      rows: z.array(RunSendRowSchema),
    }),
  },
})
