import type { HandlerTable } from '../ipc/router'
import { activityHandlers, type ActivityHandlerDeps } from './handlers'

/** The audit feature's IPC doors: the open profile's audit log as Activity reads, verifies and exports it. */
export const auditDoors = (ports: ActivityHandlerDeps): HandlerTable => activityHandlers(ports)
