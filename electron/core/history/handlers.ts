import type { historyChannels } from '../../../shared/ipc/channels/history'
import type { HandlersFor } from '../ipc/router'
import type { SessionSource } from '../ipc/session-source'
import type { Profile } from '../profiles/profile'
import type { HistoryRunner } from './history-runner'
import type { EventBus } from '../event-bus'
import { ExportRuns } from '../exports/export-runs'
import {
  dustThresholdRows,
  exportReportFile,
  cancelWaitingPrices,
  importPriceTable,
  ledgerLegs,
  ledgerPage,
  ledgerSummary,
  noteLeg,
  notesOfMovement,
  priceTableSummary,
  reconciliationReport,
  setDust,
  walletAccessOf,
} from './use-cases'
import { localPerson, whoAmI } from '../audit/use-cases'

/** What these handlers use of the open profile's session. */
type HistorySession = Parameters<typeof ledgerPage>[0] &
  Parameters<typeof walletAccessOf>[0] &
  Parameters<typeof exportReportFile>[0] & { history: HistoryRunner; profile: Pick<Profile, 'id'> }

export interface HistoryHandlerDeps {
  host: SessionSource<HistorySession>
  events: EventBus
  /** The shell's save dialog; null when the user cancels it. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
}

/** The Transactions screen's reads of the local ledger, the sync's controls and the reconciliation report. */
export function historyHandlers({
  host,
  events,
  chooseSavePath,
}: HistoryHandlerDeps): HandlersFor<typeof historyChannels> {
  const exports = new ExportRuns(events, chooseSavePath)
  return {
    'history.page': async ({ after, limit, ...filter }) => ledgerPage(await host.session(), filter, after, limit),
    'history.legs': async ({ transactionId }) => ledgerLegs(await host.session(), transactionId),
    'history.summary': async () => {
      const session = await host.session()
      return { ledger: ledgerSummary(session), sync: session.history.status }
    },
    'history.sync': async () => {
      const session = await host.session()
      // The screen follows the sync through events; this answers as soon as it has started.
      void session.history.syncNow()
      return { started: true }
    },
    'history.pause': async () => {
      ;(await host.session()).history.pause()
      return { paused: true }
    },
    'history.resume': async () => {
      ;(await host.session()).history.resume()
      return { resumed: true }
    },
    'history.cancel': async () => ({ cancelled: (await host.session()).history.cancel() }),
    'history.report': async ({ from, to, walletIds }) => {
      const session = await host.session()
      return reconciliationReport(session.store, { from, to, walletIds }, walletAccessOf(session))
    },
    'history.exportReport': async ({ from, to, walletIds }) => {
      const session = await host.session()
      return exports.run(`reconciliation-${from.slice(0, 10)}-${to.slice(0, 10)}.csv`, (target, signal, onProgress) =>
        exportReportFile(session, { from, to, walletIds }, walletAccessOf(session, signal), target, signal, onProgress),
      )
    },
    'history.cancelExport': ({ exportId }) => exports.cancel(exportId),
    'history.prices': async () => priceTableSummary((await host.session()).store),
    'history.importPrices': async ({ source, text }) => {
      const { store } = await host.session()
      importPriceTable(store, text, source, { actor: 'app', person: localPerson() })
      return priceTableSummary(store)
    },
    'history.cancelWaitingPrices': async () => {
      const { store } = await host.session()
      cancelWaitingPrices(store, { actor: 'app', person: localPerson() })
      return priceTableSummary(store)
    },
    'history.dustThresholds': async () => dustThresholdRows((await host.session()).store),
    'history.setDustThreshold': async ({ asset, below }) => setDust((await host.session()).store, asset, below),
    'history.legNotes': async ({ transactionId }) => notesOfMovement(await host.session(), transactionId),
    'history.setLegNote': async ({ transactionId, direction, note, tags }) => {
      const session = await host.session()
      const saved = noteLeg(session, { transactionId, direction }, { note, tags }, whoAmI())
      events.emit('history.notesChanged', { profileId: session.profile.id })
      return saved
    },
  }
}
