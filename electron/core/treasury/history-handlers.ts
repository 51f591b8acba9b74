import type { historyChannels } from '../../../shared/ipc/channels/history'
import type { HandlersFor } from '../ipc/router'
import type { SessionHost } from '../session/session-host'
import type { EventBus } from '../event-bus'
import { ExportRuns } from '../exports/export-runs'
import { writeCsvFile } from '../history/csv-chunks'
import { compareWithProvider } from '../history/balance-compare'
import { buildReport } from '../history/report-run'
import { reportCsvLines } from '../history/report-csv'
import { importPriceTable, priceTableSummary } from '../history/accounting/price-import'
import { dustThresholdRows, setDustThreshold } from '../history/dust-thresholds'
import { editLegNote, legNotes } from '../history/leg-notes'
import { whoAmI } from './payout-handlers'

export interface HistoryHandlerDeps {
  host: SessionHost
  events: EventBus
  /** The shell's save dialog; null when the user cancels it. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
}

/** The Transactions screen's reads of the local ledger, the sync's controls and the reconciliation report. */
export function historyHandlers({ host, events, chooseSavePath }: HistoryHandlerDeps): HandlersFor<typeof historyChannels> {
  const exports = new ExportRuns(events, chooseSavePath)
  return {
    'history.page': async ({ after, limit, ...filter }) => {
      const session = await host.session()
      return session.store.read('read the history ledger', () => session.ledger.page(filter, after, limit))
    },
    'history.legs': async ({ transactionId }) => {
      const session = await host.session()
      return session.store.read('read the history ledger', () => session.ledger.legs(transactionId))
    },
    'history.summary': async () => {
      const session = await host.session()
      return { ledger: session.store.read('read the history ledger', () => session.ledger.summary()), sync: session.history.status }
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
      const report = await buildReport(session.store, { from, to, walletIds })
      return compareWithProvider(report, (id) => session.client.getWallet(id))
    },
    'history.exportReport': async ({ from, to, walletIds }) => {
      const session = await host.session()
      return exports.run(`reconciliation-${from.slice(0, 10)}-${to.slice(0, 10)}.csv`, async (target, signal, onProgress) => {
        let counted = 0
        try {
          const counts = await buildReport(session.store, { from, to, walletIds }, signal, (rows) => {
            counted = rows
            onProgress({ rows, pages: 0, done: false })
          })
          const report = await compareWithProvider(counts, (id) => session.client.getWallet(id, { signal }))
          const header = { profile: session.profile.name, environment: session.profile.environment, baseUrl: session.profile.baseUrl, generatedAt: new Date().toISOString() }
          await writeCsvFile(target, reportCsvLines(report, header))
          onProgress({ rows: report.rows, pages: 0, done: true })
          return { rows: report.rows, cancelled: false }
        } catch (err) {
          if (!signal.aborted) throw err
          onProgress({ rows: counted, pages: 0, done: true })
          return { rows: counted, cancelled: true }
        }
      })
    },
    'history.cancelExport': ({ exportId }) => exports.cancel(exportId),
    'history.prices': async () => priceTableSummary((await host.session()).store),
    'history.importPrices': async ({ source, text }) => importPriceTable((await host.session()).store, text, source),
    'history.dustThresholds': async () => dustThresholdRows((await host.session()).store),
    'history.setDustThreshold': async ({ asset, below }) => {
      const { store } = await host.session()
      const { flagged } = setDustThreshold(store, asset, below)
      return { thresholds: dustThresholdRows(store), flagged }
    },
    'history.legNotes': async ({ transactionId }) => {
      const session = await host.session()
      return legNotes(session.store, session.ledger, transactionId)
    },
    'history.setLegNote': async ({ transactionId, direction, note, tags }) => {
      const session = await host.session()
      const saved = editLegNote(session.store, session.ledger, { transactionId, direction }, { note, tags }, whoAmI())
      events.emit('history.notesChanged', { profileId: session.profile.id })
      return saved
    },
  }
}
