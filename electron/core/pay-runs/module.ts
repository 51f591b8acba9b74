import type { HandlerTable } from '../ipc/router'
import { payRunSendHandlers } from './handlers'
import { invoiceHandlers } from './invoice-handlers'
import { payRunHandlers } from './run-handlers'

/** What the desk gives the pay-run doors: the session port, and the data folder invoices are kept under. */
export interface PayRunDoorDeps {
  host: Parameters<typeof payRunHandlers>[0]['host'] &
    Parameters<typeof payRunSendHandlers>[0]['host'] &
    Parameters<typeof invoiceHandlers>[0]['host']
  dataDir: string
}

/** The pay-runs feature's IPC doors: runs and their previews, a period's send and reminders, invoices. */
export const payRunDoors = ({ host, dataDir }: PayRunDoorDeps): HandlerTable => ({
  ...payRunHandlers({ host }),
  ...payRunSendHandlers({ host }),
  ...invoiceHandlers({ host, dataDir }),
})
