import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron'
import { IPC_EVENT, IPC_INVOKE } from '../../shared/ipc/bridge'
import type { IpcResult } from '../../shared/ipc/ipc-error'
import type { Desk } from '../core/desk'
import { log } from '../core/shell/stderr-log'
import { isAppUrl } from '../core/shell/app-origin'

/** Only the app's own top-level page may call the core. */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean {
  const frame = event.senderFrame
  return frame !== null && frame.parent === null && isAppUrl(frame.url)
}

export function registerIpc(desk: Desk, target: () => WebContents | null): () => void {
  ipcMain.handle(IPC_INVOKE, async (event, channel: unknown, input: unknown): Promise<IpcResult<unknown>> => {
    if (!isTrustedSender(event)) {
      log.warn(`refused IPC from a foreign frame: ${event.senderFrame?.url ?? 'unknown'}`)
      return { ok: false, error: { code: 'forbidden_sender', message: 'This page is not allowed to use the app.' } }
    }
    return desk.router.dispatch(channel, input)
  })
  const unsubscribe = desk.events.subscribe((name, payload) => target()?.send(IPC_EVENT, name, payload))
  return () => {
    unsubscribe()
    ipcMain.removeHandler(IPC_INVOKE)
  }
}
