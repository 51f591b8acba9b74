import { randomUUID } from 'node:crypto'
import { TERMINAL_WITHDRAWAL_STATUSES, type Withdrawal } from '../../../shared/api/resources'
import { DeskError } from '../errors'
import type { EventBus } from '../event-bus'
import type { treasuryChannels } from '../../../shared/ipc/channels/treasury'
import type { HandlersFor } from '../ipc/router'
import { exportLedgerCsv } from '../history/ledger-export'
import type { ExportProgress } from './csv-export'
import { exportWithdrawalsCsv } from './withdrawals-csv'
import type { SessionHost } from './session-host'

export interface TreasuryHandlerDeps {
  host: SessionHost
  events: EventBus
  /** The shell's save dialog; null when the user cancels it. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
}

function followOpen(rows: Withdrawal[], track: (w: Withdrawal) => void): void {
  for (const w of rows) if (!TERMINAL_WITHDRAWAL_STATUSES.includes(w.status)) track(w)
}

/** Handlers for the wallet, history, destination and withdrawal reads and writes. */
export function treasuryHandlers({ host, events, chooseSavePath }: TreasuryHandlerDeps): HandlersFor<typeof treasuryChannels> {
  const exports = new Map<string, AbortController>()
  const cancelExport = (exportId: string) => {
    const controller = exports.get(exportId)
    controller?.abort()
    return { cancelled: controller !== undefined }
  }
  /** One export at a time per id: asks where to save, runs `write` with a cancel signal, reports progress as events. */
  const runExport = async (
    name: string,
    write: (target: string, signal: AbortSignal, onProgress: (p: ExportProgress) => void) => Promise<{ rows: number; cancelled: boolean }>,
  ) => {
    const exportId = randomUUID()
    if (!chooseSavePath) throw new DeskError('not_supported', 'This shell cannot ask where to save an export.')
    const target = await chooseSavePath(`${name}-${new Date().toISOString().slice(0, 10)}.csv`)
    if (target === null) return { exportId, path: null, rows: 0, cancelled: true }
    const controller = new AbortController()
    exports.set(exportId, controller)
    try {
      const result = await write(target, controller.signal, (p) => events.emit('export.progress', { exportId, ...p }))
      return { exportId, path: result.cancelled ? null : target, rows: result.rows, cancelled: result.cancelled }
    } finally {
      exports.delete(exportId)
    }
  }

  return {
    'wallets.list': async () => (await host.session()).client.listWallets(),
    'wallets.get': async ({ walletId }) => (await host.session()).client.getWallet(walletId),
    'transactions.page': async (query) => (await host.session()).client.transactionPage(query),
    'transactions.get': async ({ transactionId }) => (await host.session()).client.getTransaction(transactionId),
    'transactions.export': async (filter) => {
      const session = await host.session()
      return runExport('transactions', (target, signal, onProgress) => exportLedgerCsv(session.store, session.ledger, filter, target, signal, onProgress))
    },
    'transactions.cancelExport': ({ exportId }) => cancelExport(exportId),
    'withdrawals.export': async (query) => {
      const session = await host.session()
      return runExport('payouts', (target, signal, onProgress) => exportWithdrawalsCsv(session.client, query, target, signal, onProgress))
    },
    'withdrawals.cancelExport': ({ exportId }) => cancelExport(exportId),
    'counterparties.list': async () => (await host.session()).client.listCounterparties(),
    'counterparties.create': async (input) => (await host.session()).client.createCounterparty(input),
    'withdrawals.list': async (query) => {
      const session = await host.session()
      const rows: Withdrawal[] = []
      for await (const w of session.client.withdrawals({ ...query, limit: 100 })) rows.push(w)
      followOpen(rows, (w) => session.poller.track(w))
      return rows
    },
    'withdrawals.get': async ({ withdrawalId }) => {
      const session = await host.session()
      const answer = await session.client.getWithdrawal(withdrawalId)
      followOpen([answer.withdrawal], (w) => session.poller.track(w))
      return answer
    },
    'withdrawals.cancel': async ({ withdrawalId }) => (await host.session()).client.cancelWithdrawal(withdrawalId),
    'pacing.status': async () => {
      const session = await host.session()
      const { limit, windowSeconds, remaining } = session.sender.pacer.status()
      return { limit, windowSeconds, remaining, lastSuccessAt: session.sender.lastSuccessAt }
    },
  }
}
