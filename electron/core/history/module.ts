import type { ApiClient } from '../api/api-client'
import type { Pacer } from '../api/pacer'
import type { EventBus } from '../event-bus'
import type { HandlerTable } from '../ipc/router'
import type { Profile } from '../profiles/profile'
import type { DeskStore } from '../store'
import { historyHandlers, type HistoryHandlerDeps } from './handlers'
import { HistoryRunner, type HistoryRunnerDeps } from './history-runner'
import { openLedger } from './ledger-scope'
import { walletHandlers, type WalletHandlerDeps } from './wallet-handlers'

/** What the desk gives the history doors. */
export interface HistoryDoorDeps extends Omit<HistoryHandlerDeps, 'host'> {
  host: HistoryHandlerDeps['host'] & WalletHandlerDeps['host']
}

/** The history feature's IPC doors: the ledger, its reports and exports, and the wallets read beside it. */
export const historyDoors = (deps: HistoryDoorDeps): HandlerTable => ({
  ...historyHandlers(deps),
  ...walletHandlers({ host: deps.host, events: deps.events, chooseSavePath: deps.chooseSavePath }),
})

/** What the session lends the history feature. */
export interface HistoryContext {
  profile: Profile
  store: DeskStore
  keyId: string
  background: ApiClient<'background'>
  pacer: Pacer
  events: EventBus
  history?: Omit<HistoryRunnerDeps, 'profileId' | 'store' | 'ledger' | 'client' | 'pacer' | 'emit'>
}

/**
 * The history feature of one open profile: its ledger, bound to this base URL and key (a ledger another environment
 * or key left behind is cleared here, before anything reads it), and the runner that keeps it synced.
 */
export function historyModule(ctx: HistoryContext) {
  const { ledger } = openLedger(ctx.store, ctx.profile.baseUrl, ctx.keyId)
  let runner: HistoryRunner | undefined
  const module = {
    ledger,
    runner: () =>
      (runner ??= new HistoryRunner({
        ...ctx.history,
        profileId: ctx.profile.id,
        store: ctx.store,
        ledger,
        client: ctx.background,
        pacer: ctx.pacer,
        emit: (status) => ctx.events.emit('history.progress', status),
      })),
    start(services: { syncHistory?: boolean }): void {
      if (services.syncHistory) module.runner().start()
    },
    stop: async (): Promise<void> => runner?.stop(),
  }
  return module
}
