import type { WebSocket } from 'ws'
import type { IpcResult } from '../../../shared/ipc/ipc-error'
import { errorReply, parseBridgeMessage, type BridgeEvent, type BridgeReply } from './bridge-protocol'

export type Dispatch = (channel: unknown, input: unknown) => Promise<IpcResult<unknown>>
export type Subscribe = (listener: (name: string, payload: unknown) => void) => () => void

/** One page's bridge: each call goes through the (guarded) router; core events are pushed as they happen. */
export function serveBridgeConnection(socket: WebSocket, dispatch: Dispatch, subscribe: Subscribe): void {
  const send = (message: BridgeReply | BridgeEvent) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
  }
  const unsubscribe = subscribe((event, payload) => send({ event, payload }))

  socket.on('message', (data, isBinary) => {
    if (isBinary) return send(errorReply(null, 'bad_message', 'The bridge takes JSON text messages only.'))
    const parsed = parseBridgeMessage(data.toString())
    if (!parsed.ok) return send(parsed.reply)
    const { id, channel, input } = parsed.call
    dispatch(channel, input).then(
      (result) => send({ id, result }),
      // The router never throws; this is the last guard that keeps one bad call from killing the demo.
      (err: unknown) => send(errorReply(id, 'internal', err instanceof Error ? err.message : 'The call failed.')),
    )
  })
  socket.on('close', unsubscribe)
  socket.on('error', () => socket.terminate())
}
