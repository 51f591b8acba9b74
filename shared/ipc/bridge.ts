import type { ChannelInput, ChannelName, ChannelOutput } from './channels'
import type { EventName, EventPayload } from './events'
import type { IpcResult } from './ipc-error'

/** What the preload (or the demo bridge) puts on `window.desk`. Nothing else is exposed. */
export interface DeskBridge {
  invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<IpcResult<ChannelOutput<C>>>
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}

/** Names of the Electron IPC channels the preload uses; main listens on the same. */
export const IPC_INVOKE = 'desk:invoke'
export const IPC_EVENT = 'desk:event'
