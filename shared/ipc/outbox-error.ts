import { z } from 'zod'
import { text } from '../api/text'
import { ErrorCodeSchema } from './ipc-error'

/**
 * Why an outbox entry is refused, unknown or waiting: a code of the ErrorCode table, the message, the provider's
 * request id, and `rule`: the send gate's rule that stopped it at the moment of sending (policy, destination).
 */
export const OutboxErrorSchema = z.strictObject({
  code: ErrorCodeSchema,
  message: text(),
  requestId: text().optional(),
  rule: text().optional(),
})
