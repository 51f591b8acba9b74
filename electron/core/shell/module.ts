import type { Shell } from '../app-info'
import type { EventBus } from '../event-bus'
import type { HandlerTable } from '../ipc/router'
import { appHandlers } from './app-handlers'
import { copyAddressHandler, type ShellClipboard } from './copy-address'

/** What the desk gives the shell's doors: which shell hosts it, the app's version, its clipboard, the bus. */
export interface ShellPorts {
  shell: Shell
  version: string
  /** The system clipboard (the desktop shell's); the browser demo has none. */
  clipboard?: ShellClipboard
  events: EventBus
}

/** The app's own doors: what it is, and copying an address with the clipboard watched for a swap. */
export function shellModule({ shell, version, clipboard, events }: ShellPorts): {
  doors: HandlerTable
  dispose: () => void
} {
  const copyAddress = copyAddressHandler(clipboard, events)
  return { doors: appHandlers(shell, version, copyAddress.copy), dispose: copyAddress.dispose }
}
