import { z } from 'zod'

/** The notification tables' rows as SQLite answers them, parsed (never cast) by `rowOf`/`rowsOf`. */
export const SettingsRow = z.object({ body: z.string(), since: z.string() })

export const DeliveryRow = z
  .object({
    id: z.number(),
    subject: z.string(),
    channel_id: z.string(),
    message: z.string(),
    created_at: z.string(),
    attempts: z.number(),
  })
  .transform(({ channel_id, created_at, ...r }) => ({ ...r, channelId: channel_id, createdAt: created_at }))

export const AcceptedPayoutRow = z.object({
  key: z.string(),
  body: z.string(),
  requested_by: z.string(),
  withdrawal_id: z.string().nullable(),
})

export const FinishedBatchRow = z
  .object({ id: z.string(), source: z.string(), requested_by: z.string() })
  .transform(({ requested_by, ...b }) => ({ ...b, requestedBy: requested_by }))

export const BatchLineRow = z
  .object({ body: z.string(), withdrawal_id: z.string().nullable(), destination_name: z.string() })
  .transform((r) => ({ body: r.body, withdrawalId: r.withdrawal_id, payeeName: r.destination_name }))

export const OutcomeRow = z
  .object({ channel_id: z.string(), outcome: z.string().nullable(), last_error: z.string().nullable() })
  .transform((r) => ({ channelId: r.channel_id, outcome: r.outcome, lastError: r.last_error }))
