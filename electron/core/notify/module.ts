import type { HandlerTable } from '../ipc/router'
import { notifyHandlers, type NotifyHandlerPorts } from './handlers'

/** The notify feature's IPC doors: the open profile's notification channels and settings. */
export const notifyDoors = (ports: NotifyHandlerPorts): HandlerTable => notifyHandlers(ports)
