import type { ErrorCode } from '../../../shared/api/error-codes'
import type { IpcResult } from '../../../shared/ipc/ipc-error'

/**
 * The demo bridge's wire format, one JSON object per WebSocket text message.
 * Page to server: `{ id, channel, input }`. Server to page: `{ id, result }` for each call
 * (`id: null` when the message was too broken to carry one) and `{ event, payload }` for core events.
 */
export interface BridgeCall {
  id: number | string
  channel: unknown
  input: unknown
}

export type BridgeReply = { id: number | string | null; result: IpcResult<unknown> }
export type BridgeEvent = { event: string; payload: unknown }

export type ParsedMessage = { ok: true; call: BridgeCall } | { ok: false; reply: BridgeReply }

export function parseBridgeMessage(raw: string): ParsedMessage {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return malformed(null, 'The bridge message is not JSON.')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return malformed(null, 'The bridge message must be an object { id, channel, input }.')
  }
  const { id, channel, input } = value as Record<string, unknown>
  const validId =
    (typeof id === 'number' && Number.isSafeInteger(id)) || (typeof id === 'string' && id.length > 0 && id.length <= 64)
  if (!validId) return malformed(null, 'The bridge message needs an id (an integer or a short string).')
  if (typeof channel !== 'string') return malformed(id as number | string, 'The bridge message needs a channel name.')
  return { ok: true, call: { id: id as number | string, channel, input } }
}

export function errorReply(id: number | string | null, code: ErrorCode, message: string): BridgeReply {
  return { id, result: { ok: false, error: { code, message } } }
}

function malformed(id: number | string | null, message: string): ParsedMessage {
  return { ok: false, reply: errorReply(id, 'bad_message', message) }
}
