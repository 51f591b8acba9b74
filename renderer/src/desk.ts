import type { ErrorCode } from '@shared/api/error-codes'
import type { ChannelInput, ChannelName, ChannelOutput } from '@shared/ipc/channels'
import type { DeskBridge } from '@shared/ipc/bridge'
import type { EventName, EventPayload } from '@shared/ipc/events'

declare global {
  interface Window {
    desk?: DeskBridge
  }
}

/** An `ok:false` answer from the core, kept whole so screens can show the request id. */
export class DeskCallError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly requestId?: string,
  ) {
    super(message)
    this.name = 'DeskCallError'
  }
}

function bridge(): DeskBridge {
  if (!window.desk)
    throw new DeskCallError('no_bridge', 'The app bridge is missing: this page must run inside Payout Desk.')
  return window.desk
}

/** Calls one IPC channel; resolves with its data or throws a DeskCallError. */
export async function call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const result = await bridge().invoke(channel, input)
  if (!result.ok) throw new DeskCallError(result.error.code, result.error.message, result.error.requestId)
  return result.data
}

/** Listens to one core event; returns the unsubscribe. */
export function on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return bridge().on(event, listener)
}

/** Any thrown value as a DeskCallError, for display. */
export function asDeskError(err: unknown): DeskCallError {
  if (err instanceof DeskCallError) return err
  return new DeskCallError('internal', err instanceof Error ? err.message : String(err))
}
