import { TERMINAL_WITHDRAWAL_STATUSES, type Withdrawal } from '../../../shared/api/resources'
import type { EventBus } from '../event-bus'
import type { treasuryChannels } from '../../../shared/ipc/channels/treasury'
import type { HandlersFor } from '../ipc/router'
import { ExportRuns } from '../exports/export-runs'
import { exportWithdrawalsCsv } from './withdrawals-csv'
import type { SessionHost } from '../session/session-host'
import { payoutOwnText } from './payout-notes'
import type { TreasurySession } from '../session/session'

export interface WithdrawalHandlerDeps {
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

type WithdrawalChannels = Pick<typeof treasuryChannels, 'withdrawals.list' | 'withdrawals.get' | 'withdrawals.cancel' | 'withdrawals.export' | 'withdrawals.cancelExport' | 'pacing.status'>

/** Handlers for the provider's payouts (list, read, cancel, export) and the sender's pacing. */
export function withdrawalHandlers({ host, events, chooseSavePath }: WithdrawalHandlerDeps): HandlersFor<WithdrawalChannels> {
  const exports = new ExportRuns(events, chooseSavePath)
  const today = () => new Date().toISOString().slice(0, 10)

  return {
    'withdrawals.export': async (query) => {
      const session = await host.session()
      return exports.run(`payouts-${today()}.csv`, (target, signal, onProgress) => exportWithdrawalsCsv(session.client, query, target, signal, onProgress, (id) => payoutOwnText(session.store, id)))
    },
    'withdrawals.cancelExport': ({ exportId }) => exports.cancel(exportId),
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
