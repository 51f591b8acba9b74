import type { EventBus } from '../event-bus'
import type { withdrawalChannels } from '../../../shared/ipc/channels/withdrawals'
import type { HandlersFor } from '../ipc/router'
import { ExportRuns } from '../exports/export-runs'
import { exportWithdrawalsCsv } from './withdrawals-csv'
import type { SessionSource } from '../ipc/session-source'
import type { ApiClient } from '../api/api-client'
import type { RequestSender } from '../api/request-sender'
import type { DeskStore } from '../store'
import { payoutOwnText } from './payout-notes'
import { cancelPayout, listPayouts, readPayout } from './use-cases'

/** What these handlers use of the open profile's session. */
type WithdrawalSession = Parameters<typeof listPayouts>[0] &
  Parameters<typeof readPayout>[0] &
  Parameters<typeof cancelPayout>[0] & { client: ApiClient; store: DeskStore; sender: RequestSender }

export interface WithdrawalHandlerDeps {
  host: SessionSource<WithdrawalSession>
  events: EventBus
  /** The shell's save dialog; null when the user cancels it. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
}

type WithdrawalChannels = Pick<
  typeof withdrawalChannels,
  | 'withdrawals.list'
  | 'withdrawals.get'
  | 'withdrawals.cancel'
  | 'withdrawals.export'
  | 'withdrawals.cancelExport'
  | 'pacing.status'
>

/** Handlers for the provider's payouts (list, read, cancel, export) and the sender's pacing. */
export function withdrawalHandlers({
  host,
  events,
  chooseSavePath,
}: WithdrawalHandlerDeps): HandlersFor<WithdrawalChannels> {
  const exports = new ExportRuns(events, chooseSavePath)
  const today = () => new Date().toISOString().slice(0, 10)

  return {
    'withdrawals.export': async (query) => {
      const session = await host.session()
      return exports.run(`payouts-${today()}.csv`, (target, signal, onProgress) =>
        exportWithdrawalsCsv(session.client, query, target, signal, onProgress, (id) =>
          payoutOwnText(session.store, id),
        ),
      )
    },
    'withdrawals.cancelExport': ({ exportId }) => exports.cancel(exportId),
    'withdrawals.list': async (query) => listPayouts(await host.session(), query),
    'withdrawals.get': async ({ withdrawalId }) => readPayout(await host.session(), withdrawalId),
    'withdrawals.cancel': async ({ withdrawalId }) => cancelPayout(await host.session(), withdrawalId),
    'pacing.status': async () => {
      const session = await host.session()
      const { limit, windowSeconds, remaining, background, waiting: wait } = session.sender.pacer.status()
      const waiting = wait && { since: wait.since, until: wait.until, reason: wait.reason }
      return { limit, windowSeconds, remaining, background, lastSuccessAt: session.sender.lastSuccessAt, waiting }
    },
  }
}
