import type { walletChannels } from '../../../shared/ipc/channels/wallets'
import type { EventBus } from '../event-bus'
import { ExportRuns } from '../exports/export-runs'
import type { HandlersFor } from '../ipc/router'
import type { SessionSource } from '../ipc/session-source'
import type { DeskStore } from '../store'
import {
  exportAccountingPreset,
  exportLedgerFile,
  listWallets,
  readTransaction,
  readTransactionPage,
  readWallet,
} from './use-cases'

/** What these handlers use of the open profile's session. */
type WalletSession = Parameters<typeof listWallets>[0] &
  Parameters<typeof readTransactionPage>[0] &
  Parameters<typeof exportAccountingPreset>[0] & { store: DeskStore }

type WalletChannels = Pick<
  typeof walletChannels,
  | 'wallets.list'
  | 'wallets.get'
  | 'transactions.page'
  | 'transactions.get'
  | 'transactions.export'
  | 'transactions.cancelExport'
>

export interface WalletHandlerDeps {
  host: SessionSource<WalletSession>
  events: EventBus
  /** The shell's save dialog; null when the user cancels it. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
}

/** Handlers for the wallet and transaction reads and the ledger's exports. */
export function walletHandlers({ host, events, chooseSavePath }: WalletHandlerDeps): HandlersFor<WalletChannels> {
  const exports = new ExportRuns(events, chooseSavePath)
  const today = () => new Date().toISOString().slice(0, 10)
  return {
    'wallets.list': async () => listWallets(await host.session()),
    'wallets.get': async ({ walletId }) => readWallet(await host.session(), walletId),
    'transactions.page': async (query) => readTransactionPage(await host.session(), query),
    'transactions.get': async ({ transactionId }) => readTransaction(await host.session(), transactionId),
    'transactions.export': async ({ accounting, ...filter }) => {
      const session = await host.session()
      if (accounting) {
        return exports.run(`${accounting.format}-${today()}.csv`, (target, signal, onProgress) =>
          exportAccountingPreset(session, { filter, options: accounting }, target, signal, onProgress),
        )
      }
      return exports.run(`transactions-${today()}.csv`, (target, signal, onProgress) =>
        exportLedgerFile(session.store, filter, target, signal, onProgress),
      )
    },
    'transactions.cancelExport': ({ exportId }) => exports.cancel(exportId),
  }
}
