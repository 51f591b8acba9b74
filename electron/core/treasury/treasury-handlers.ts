import { TERMINAL_WITHDRAWAL_STATUSES, type Withdrawal } from '../../../shared/api/resources'
import type { EventBus } from '../event-bus'
import type { treasuryChannels } from '../../../shared/ipc/channels/treasury'
import type { HandlersFor } from '../ipc/router'
import { saveDestination } from '../destinations/use-cases'
import { findLookalikes } from '../destinations/lookalike-guard'
import { exportAccountingPreset, exportLedgerFile } from '../history/use-cases'
import { ExportRuns } from '../exports/export-runs'
import { walletReads } from '../store'
import { exportWithdrawalsCsv } from './withdrawals-csv'
import type { SessionHost } from '../session/session-host'
import { payoutOwnText } from '../payouts/payout-notes'
import type { TreasurySession } from '../session/session'

export interface TreasuryHandlerDeps {
  host: SessionHost
  events: EventBus
  /** The shell's save dialog; null when the user cancels it. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
}

function followOpen(rows: Withdrawal[], track: (w: Withdrawal) => void): void {
  for (const w of rows) if (!TERMINAL_WITHDRAWAL_STATUSES.includes(w.status)) track(w)
}

/** Payouts the provider answered, kept so a search, a note and a receipt find them; a store that cannot be written never hides the answer. */
function keep(session: TreasurySession, rows: readonly Withdrawal[]): void {
  try {
    session.store.transaction('keep the payouts', () => session.store.withdrawals.putMany(rows))
  } catch {
    // The next list or status read writes them again.
  }
}

/** Handlers for the wallet, history, destination and withdrawal reads and writes. */
export function treasuryHandlers({ host, events, chooseSavePath }: TreasuryHandlerDeps): HandlersFor<typeof treasuryChannels> {
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
    'withdrawals.export': async (query) => {
      const session = await host.session()
      return exports.run(`payouts-${today()}.csv`, (target, signal, onProgress) => exportWithdrawalsCsv(session.client, query, target, signal, onProgress, (id) => payoutOwnText(session.store, id)))
    },
    'withdrawals.cancelExport': ({ exportId }) => exports.cancel(exportId),
    'counterparties.list': async () => (await host.session()).client.listCounterparties(),
    'counterparties.create': async (input) => {
      const session = await host.session()
      return saveDestination(session, input, { howToAccept: 'Open the comparison to check both addresses before saving.' })
    },
    'counterparties.lookalikes': async ({ network, address }) => {
      const session = await host.session()
      return findLookalikes(session.store, session.client, network, address)
    },
    'counterparties.createLookalike': async ({ body, acceptLookalike }) => {
      const session = await host.session()
      return saveDestination(session, body, { acceptLookalike, howToAccept: '' })
    },
    'withdrawals.list': async (query) => {
      const session = await host.session()
      const rows: Withdrawal[] = []
      for await (const w of session.client.withdrawals({ ...query, limit: 100 })) rows.push(w)
      keep(session, rows)
      followOpen(rows, (w) => session.poller.track(w))
      return rows
    },
    'withdrawals.get': async ({ withdrawalId }) => {
      const session = await host.session()
      const answer = await session.client.getWithdrawal(withdrawalId)
      keep(session, [answer.withdrawal])
      followOpen([answer.withdrawal], (w) => session.poller.track(w))
      return answer
    },
    'withdrawals.cancel': async ({ withdrawalId }) => (await host.session()).client.cancelWithdrawal(withdrawalId),
    'pacing.status': async () => {
      const session = await host.session()
      const { limit, windowSeconds, remaining, background } = session.sender.pacer.status()
      return { limit, windowSeconds, remaining, background, lastSuccessAt: session.sender.lastSuccessAt }
    },
  }
}
