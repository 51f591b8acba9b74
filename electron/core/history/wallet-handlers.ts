import type { treasuryChannels } from '../../../shared/ipc/channels/treasury'
import type { EventBus } from '../event-bus'
import { ExportRuns } from '../exports/export-runs'
import type { HandlersFor } from '../ipc/router'
import type { SessionHost } from '../session/session-host'
import { walletReads } from '../store'
import { exportAccountingPreset, exportLedgerFile } from './use-cases'

type WalletChannels = Pick<typeof treasuryChannels, 'wallets.list' | 'wallets.get' | 'transactions.page' | 'transactions.get' | 'transactions.export' | 'transactions.cancelExport'>

export interface WalletHandlerDeps {
  host: SessionHost
  events: EventBus
  /** The shell's save dialog; null when the user cancels it. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
}

/** Handlers for the wallet and transaction reads and the ledger's exports. */
export function walletHandlers({ host, events, chooseSavePath }: WalletHandlerDeps): HandlersFor<WalletChannels> {
  const exports = new ExportRuns(events, chooseSavePath)
  const today = () => new Date().toISOString().slice(0, 10)
  return {
    'wallets.list': async () => {
      const session = await host.session()
      const wallets = await session.client.listWallets()
      try {
        // Kept for the Home screen, which shows every profile's last read without asking any provider.
        session.store.transaction('keep the wallets read', () => session.store.repo(walletReads).note(wallets))
      } catch {
        // The balances just read are still shown; Home keeps the older read, with its time.
      }
      return wallets
    },
    'wallets.get': async ({ walletId }) => (await host.session()).client.getWallet(walletId),
    'transactions.page': async (query) => (await host.session()).client.transactionPage(query),
    'transactions.get': async ({ transactionId }) => (await host.session()).client.getTransaction(transactionId),
    'transactions.export': async ({ accounting, ...filter }) => {
      const session = await host.session()
      if (accounting) {
        return exports.run(`${accounting.format}-${today()}.csv`, (target, signal, onProgress) => exportAccountingPreset(session, { filter, options: accounting }, target, signal, onProgress))
      }
      return exports.run(`transactions-${today()}.csv`, (target, signal, onProgress) => exportLedgerFile(session.store, filter, target, signal, onProgress))
    },
    'transactions.cancelExport': ({ exportId }) => exports.cancel(exportId),
  }
}
