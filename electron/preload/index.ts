import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { IPC_EVENT, IPC_INVOKE, type DeskBridge } from '../../shared/ipc/bridge'

/** The renderer's only door to the app: `invoke` a channel of the table, or listen to an event. */
const desk: DeskBridge = {
  invoke: (channel, input) => ipcRenderer.invoke(IPC_INVOKE, channel, input),
  on: (event, listener) => {
    const handler = (_e: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (name === event) (listener as (p: unknown) => void)(payload)
    }
    ipcRenderer.on(IPC_EVENT, handler)
    return () => {
      ipcRenderer.removeListener(IPC_EVENT, handler)
    }
  },
}

contextBridge.exposeInMainWorld('desk', desk)
