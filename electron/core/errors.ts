import type { ErrorCode } from '../../shared/api/error-codes'
import type { IpcError } from '../../shared/ipc'

export const MAX_MESSAGE_CHARS = 2000

/** An error with a code that is safe to show the user and to send across IPC. */
export class DeskError extends Error {
  readonly code: ErrorCode
  readonly requestId: string | undefined

  constructor(code: ErrorCode, message: string, requestId?: string) {
    // A backstop for messages that carry someone's input or a provider's text: nobody reads past this.
    super(message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS)}…` : message)
    this.name = 'DeskError'
    this.code = code
    this.requestId = requestId
  }

  toIpc(): IpcError {
    return this.requestId
      ? { code: this.code, message: this.message, requestId: this.requestId }
      : { code: this.code, message: this.message }
  }
}

/** Turns anything thrown into the IPC error shape without leaking internals (stack, paths, secrets). */
export function toIpcError(err: unknown): IpcError {
  if (err instanceof DeskError) return err.toIpc()
  if (err && typeof err === 'object' && 'toIpc' in err && typeof (err as { toIpc: unknown }).toIpc === 'function') {
    return (err as { toIpc: () => IpcError }).toIpc()
  }
  return { code: 'internal', message: 'Something went wrong inside the app. The details are in the main-process log.' }
}
