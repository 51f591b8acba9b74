import type { HandlerTable } from '../ipc/router'
import { counterpartyHandlers } from './counterparty-handlers'
import { destinationHandlers, type DestinationHandlerDeps } from './handlers'

/** What the desk gives the destination doors: the session port, the shell's save dialog, who adds a destination. */
export interface DestinationDoorDeps extends DestinationHandlerDeps {
  host: DestinationHandlerDeps['host'] & Parameters<typeof counterpartyHandlers>[0]['host']
  /** The person at the desk: four eyes keep who added a destination from confirming its payee change. */
  addedBy?: () => string
}

/** The destinations feature's IPC doors: the destination book, its lookalike check, its file import and export. */
export const destinationDoors = ({ host, events, chooseSavePath, addedBy }: DestinationDoorDeps): HandlerTable => ({
  ...counterpartyHandlers({ host, addedBy }),
  ...destinationHandlers({ host, events, chooseSavePath }),
})
