import { z } from 'zod'
import { text } from '../../api/text'
import { channels } from '../channel'
import { untrusted } from '../../text/untrusted-text'

export const RunSendRowSchema = z.strictObject({
  payee: untrusted(),
  amount: z.string(),
  asset: z.string(),
  state: z.string(),
  /** Another desk sent this line's period with another amount (the provider answered 409). */
  conflict: z.boolean(),
  /** The provider answered that it held the line's key already: sent from another desk. */
  earlier: z.boolean(),
  /** The Idempotency-Key of the new payout a person requested this line again as (issue 50), if they did. */
  requestedAgain: z.string().nullable(),
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
      /** A period ahead of today is sent only with its date typed again here. */
      typedDate: text().max(20).nullable().default(null),
      confirmDuplicates: z.boolean(),
      /** The destinations never paid before were checked with their recipients. */
      confirmFirstPayouts: z.boolean(),
      /** A production period's grand total typed again; null elsewhere. */
      retypedTotal: text().max(200).nullable(),
    }),
    output: z.strictObject({
      period: z.string(),
      batchId: z.string().nullable(),
      /** The provider held the period's keys already: another desk sent it, nothing was sent from here. */
      sentElsewhere: z.boolean(),
      again: z.boolean(),
      busy: z.boolean(),
      rows: z.array(RunSendRowSchema),
    }),
  },
  /**
   * The invoice one line pays in one period (`run invoice`): the number, and its PDF when one is given, recorded
   * under that period's key; a number this payee had on another payout is refused unless `confirmRepeat`.
   */
  'payRuns.invoice': {
    input: z.strictObject({
      name: text().min(1).max(120),
      period: text().regex(/^\d{4}-\d{2}-\d{2}$/),
      /** The line's id. */
      line: text().min(1).max(64),
      number: text().min(1).max(120),
      /** 10 MB of bytes is at most 13,981,016 base64 characters; anything longer is refused before decoding. */
      base64: text().max(14_000_000).nullable(),
      confirmRepeat: z.boolean(),
    }),
    output: z.strictObject({ number: z.string(), sha256: z.string().nullable() }),
  },
})
