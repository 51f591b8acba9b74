import type { HandlerTable } from '../ipc/router'
import { payRunSendHandlers } from './handlers'
import { invoiceHandlers } from './invoice-handlers'
import { payRunHandlers } from './run-handlers'

/**
 * What the desk gives the pay-run doors: the session port, the data folder invoices are kept under, and who acts (the
 * person at the desk, or the OS user on a desk without people).
 */
export interface PayRunDoorDeps {
  host: Parameters<typeof payRunHandlers>[0]['host'] &
    Parameters<typeof payRunSendHandlers>[0]['host'] &
    Parameters<typeof invoiceHandlers>[0]['host']
  dataDir: string
  actor: () => string
}

/** The pay-runs feature's IPC doors: runs and their previews, a period's send and reminders, invoices. */
export const payRunDoors = ({ host, dataDir, actor }: PayRunDoorDeps): HandlerTable => ({
  ...payRunHandlers({ host }),
  ...payRunSendHandlers({ host, requestedBy: actor }),
  ...invoiceHandlers({ host, dataDir, actor }),
})
