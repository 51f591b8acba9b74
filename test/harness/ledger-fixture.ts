import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ApiClient } from '../../electron/core/api/api-client'
import { HistorySync, type HistorySyncOptions } from '../../electron/core/history/history-sync'
import { openLedger } from '../../electron/core/history/ledger-scope'
import { DeskStore, type LedgerRepo } from '../../electron/core/store'
import type { TransactionLeg } from '../../shared/api/resources'
import { consoleCall } from './api-fixture'

export interface SimLeg {
  id: string
  direction: 'in' | 'out' | 'internal'
  created_at: string
  amount: string
  asset: string
  fee: string | null
  fee_asset: string | null
  status: string
  network: string | null
  wallet_id: string | null
  workspace_id: string
}

/** Every leg the simulator holds for one workspace, read from its console: the truth a ledger is checked against. */
export async function simulatorLegs(baseUrl: string, workspaceId: string): Promise<SimLeg[]> {
  return (await consoleCall<SimLeg[]>(baseUrl, 'GET', 'transactions')).filter((l) => l.workspace_id === workspaceId)
}

export const legKey = (l: { id: string; direction: string }) => `${l.id}/${l.direction}`

/**
 * A profile store (in a new temporary folder unless one is given), with its ledger bound to the provider and key given.
 */
export async function ledgerStore(
  baseUrl: string,
  keyId: string,
  folder?: string,
): Promise<{ dir: string; store: DeskStore; ledger: LedgerRepo; dispose(): Promise<void> }> {
  const dir = folder ?? (await mkdtemp(join(tmpdir(), 'ledger-')))
  const store = DeskStore.open(dir, 'test')
  const { ledger } = openLedger(store, baseUrl, keyId)
  return {
    dir,
    store,
    ledger,
    async dispose() {
      store.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

export function historySync(
  store: DeskStore,
  ledger: LedgerRepo,
  client: ApiClient,
  options: HistorySyncOptions = {},
): HistorySync {
  return new HistorySync({ client, store, ledger, pacer: client.sender.pacer }, options)
}

/** Keys of every leg in the ledger, read straight from its table (duplicates would show twice). */
export function ledgerKeys(ledger: LedgerRepo): string[] {
  return [...ledger.rows({})].map(legKey)
}

/**
 * A profile store in `dir` whose ledger holds `legs` as one complete sync (synced to `syncedAtMs`):
 * the starting point of tests of what the ledger reads back.
 */
export function loadedLedger(
  dir: string,
  legs: readonly TransactionLeg[],
  syncedAtMs = Date.now(),
): { store: DeskStore; ledger: LedgerRepo } {
  const store = DeskStore.open(dir, 'test')
  const { ledger } = openLedger(store, 'http://127.0.0.1:1', 'key-1')
  const walk = {
    after: null,
    before: null,
    cursor: null,
    newest: null,
    oldest: null,
    pages: 1,
    rows: legs.length,
    startedAt: syncedAtMs,
  }
  store.transaction('load the test ledger', () => ledger.commitPage(legs, walk, true, syncedAtMs, syncedAtMs))
  return { store, ledger }
}
