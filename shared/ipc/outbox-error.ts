import { z } from 'zod'
import { isErrorCode } from '../api/error-codes'
import { quoteInput, text } from '../api/text'
import { ErrorCodeSchema } from './ipc-error'

/**
 * Rows written before the ErrorCode table kept the provider's code as it came, whatever it was. Such a
 * code reads as `invalid_response` (what a code outside the API contract becomes today), with the code
 * the provider said kept in the message, so an old row still reads and every code is one of the table.
 */
function legacyCode(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const { code, message } = value as { code?: unknown; message?: unknown }
  if (typeof code !== 'string' || isErrorCode(code) || typeof message !== 'string') return value
  return { ...value, code: 'invalid_response', message: `${message} (provider code ${quoteInput(code, 64)}, not in the API contract)` }
}

/** Why an outbox entry is refused, unknown or waiting: a code of the ErrorCode table, the message, the provider's request id. */
export const OutboxErrorSchema = z.preprocess(legacyCode, z.strictObject({ code: ErrorCodeSchema, message: text(), requestId: text().optional() }))
