import { z } from 'zod'
import { CreateWithdrawalSchema } from '../../../../shared/api/requests'
import { ERROR_CODES, isErrorCode } from '../../../../shared/api/error-codes'
import { quoteInput, text } from '../../../../shared/api/text'

/**
 * The outbox row as the store keeps it. It is the store's own format, apart from the IPC view
 * (shared/ipc/channels/payouts), so a field added to what a screen shows never makes a row written
 * before it read as damaged (a damaged row is held and never sent).
 */
export const OUTBOX_ROW_STATES = ['queued', 'held', 'sending', 'accepted', 'refused', 'unknown', 'discarded'] as const
export const OutboxRowStateSchema = z.enum(OUTBOX_ROW_STATES)

/**
 * Rows written before the ErrorCode table kept the provider's code as it came, whatever it was. Such a
 * code reads as `invalid_response` (what a code outside the API contract becomes today), with the code
 * the provider said kept in the message, so an old row still reads and every code is one of the table.
 */
function legacyCode(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const { code, message } = value as { code?: unknown; message?: unknown }
  if (typeof code !== 'string' || isErrorCode(code) || typeof message !== 'string') return value
  return {
    ...value,
    code: 'invalid_response',
    message: `${message} (provider code ${quoteInput(code, 64)}, not in the API contract)`,
  }
}

/**
 * Why an entry is refused, unknown or waiting, as stored: a code of the table, the message, the provider's request id.
 */
export const StoredOutboxErrorSchema = z.preprocess(
  legacyCode,
  z.strictObject({ code: z.enum(ERROR_CODES), message: text(), requestId: text().optional(), rule: text().optional() }),
)

export const OutboxRowSchema = z.strictObject({
  idempotencyKey: text(),
  body: CreateWithdrawalSchema,
  createdAt: text(),
  requestedBy: text(),
  state: OutboxRowStateSchema,
  withdrawalId: text().nullable(),
  error: StoredOutboxErrorSchema.nullable(),
  notBefore: text().nullable(),
  reference: text().nullable(),
  batchId: text().nullable(),
})
export type OutboxRow = z.infer<typeof OutboxRowSchema>

/** An outbox row as SQLite gives it back, before its body is parsed: each column's type, checked cheaply. */
export const RawOutboxRowSchema = z.object({
  key: z.string(),
  body: z.string(),
  created_at: z.string(),
  requested_by: z.string(),
  state: z.string(),
  withdrawal_id: z.string().nullable(),
  error: z.string().nullable(),
  sender: z.string().nullable(),
  not_before: z.string().nullable(),
  reference: z.string().nullable(),
  batch_id: z.string().nullable(),
})
export type RawOutboxRow = z.infer<typeof RawOutboxRowSchema>
