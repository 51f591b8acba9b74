import type { HandlerTable } from '../ipc/router'
import { closeHandlers, type CloseHandlerDeps } from './handlers'

/** The close feature's IPC doors: a month's blockers, its lock and reopening, the pack, the account map. */
export const closeDoors = (ports: CloseHandlerDeps): HandlerTable => closeHandlers(ports)
