import { ledgerRepo, type DeskStore, type LedgerRepo } from '../store'

/**
 * What a ledger belongs to. The API never names the workspace, but a Key ID reaches exactly one
 * workspace of one environment, and the base URL names the environment: together they key it.
 */
export function ledgerScope(baseUrl: string, keyId: string): string {
  const url = new URL(baseUrl)
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}|${keyId}`
}

/**
 * The profile's ledger bound to this provider and key; a ledger left by another environment or
 * key is cleared first (`cleared` says so), never mixed with this one's movements.
 */
export function openLedger(store: DeskStore, baseUrl: string, keyId: string): { ledger: LedgerRepo; cleared: boolean } {
  const ledger = store.repo(ledgerRepo)
  const { cleared } = store.transaction('open the history ledger', () => ledger.bind(ledgerScope(baseUrl, keyId)))
  return { ledger, cleared }
}
