import type { LedgerSummary } from './ledger-query'

export interface SyncState {
  state: 'running' | 'idle' | 'paused' | 'failed'
  rows: number
  error: string | null
}

/**
 * The Transactions screen's completeness line, e.g. "Synced to 12:04 · 1,000,000 movements · 3 not final".
 * When the last sync failed the rows stay and the line says how old they are; `time` formats an
 * ISO instant for the reader (local time in the app).
 */
export function completenessLine(ledger: LedgerSummary, sync: SyncState, time: (iso: string) => string): string {
  const count = `${ledger.rows.toLocaleString('en-US')} movement${ledger.rows === 1 ? '' : 's'}`
  const open = ledger.notFinal ? ` · ${ledger.notFinal.toLocaleString('en-US')} not final` : ''
  if (sync.state === 'failed' || (sync.state !== 'running' && ledger.lastError)) {
    const since = ledger.syncedAt ? `last successful sync ${time(ledger.syncedAt)}` : 'never synced completely'
    return `Provider not reachable: showing ${count} from the ledger (${since})${open}`
  }
  if (!ledger.complete && !ledger.walk && sync.state !== 'running')
    return 'Not synced yet: the history is read into the ledger by a sync'
  if (!ledger.complete) {
    const back = ledger.walk?.reachedBack ? `, back to ${time(ledger.walk.reachedBack)}` : ''
    const doing = sync.state === 'running' ? 'under way' : sync.state === 'paused' ? 'paused' : 'stopped'
    return `First sync ${doing}: ${count} so far${back}${open}`
  }
  const running = sync.state === 'running' ? ' · syncing…' : sync.state === 'paused' ? ' · sync paused' : ''
  return `Synced to ${time(ledger.syncedAt!)} · ${count}${open}${running}`
}
