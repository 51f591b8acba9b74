import Big from 'big.js'
import type { ReconciliationReport, RollForwardRow } from '../../../shared/api/ledger-report'
import type { Wallet } from '../../../shared/api/resources'
import { DeskError } from '../errors'

/** Reads one wallet fresh from the provider (through the client, so the key's pacer spaces it). */
export type WalletReader = (walletId: string) => Promise<Wallet>

function emptyRow(walletId: string, asset: string, network: string, opening: string | null): RollForwardRow {
  return {
    walletId,
    asset,
    network,
    opening,
    incoming: '0',
    outgoing: '0',
    fees: '0',
    internal: '0',
    closing: opening,
    provider: { state: 'not_compared', reason: '' },
    notFinal: [],
  }
}

/**
 * For a period ending at the last sync, sets each roll-forward row's provider balance and the difference
 * (provider minus closing). A wallet that cannot be read is "not read" with the request id, never zero;
 * a balance the provider shows without any movement in the ledger gets its own row. Other periods are left as they are.
 */
export async function compareWithProvider(
  report: ReconciliationReport,
  readWallet: WalletReader,
  now: () => Date = () => new Date(),
): Promise<ReconciliationReport> {
  if (report.to !== report.syncedTo) return report
  const openingKnown = report.rollForward.openingUnknownBecause === null
  const rows = [...report.rollForward.rows]
  const walletIds = report.walletIds ?? [...new Set(rows.map((r) => r.walletId).filter((id) => id !== ''))]
  for (const walletId of walletIds) {
    try {
      const wallet = await readWallet(walletId)
      const readAt = now().toISOString()
      for (const b of wallet.balances) {
        if (!rows.some((r) => r.walletId === walletId && r.asset === b.asset && r.network === b.network))
          rows.push(emptyRow(walletId, b.asset, b.network, openingKnown ? '0' : null))
      }
      for (const [i, r] of rows.entries()) {
        if (r.walletId !== walletId) continue
        // A balance the provider no longer lists is one it holds none of.
        const amount = wallet.balances.find((b) => b.asset === r.asset && b.network === r.network)?.amount ?? '0'
        const difference = r.closing === null ? null : new Big(amount).minus(r.closing).toFixed()
        rows[i] = { ...r, provider: { state: 'read', amount, readAt, difference } }
      }
    } catch (err) {
      const e = err instanceof DeskError ? err : new DeskError('internal', (err as Error).message)
      for (const [i, r] of rows.entries()) {
        if (r.walletId === walletId)
          rows[i] = { ...r, provider: { state: 'not_read', message: e.message, requestId: e.requestId ?? null } }
      }
      if (!rows.some((r) => r.walletId === walletId))
        rows.push({
          ...emptyRow(walletId, '', '', null),
          provider: { state: 'not_read', message: e.message, requestId: e.requestId ?? null },
        })
    }
  }
  rows.sort(
    (a, b) =>
      a.walletId.localeCompare(b.walletId) || a.asset.localeCompare(b.asset) || a.network.localeCompare(b.network),
  )
  return { ...report, rollForward: { ...report.rollForward, compared: true, rows } }
}

/** The rows whose closing disagrees with the provider, or could not be compared: what a person must look at. */
export function differences(report: ReconciliationReport): RollForwardRow[] {
  return report.rollForward.rows.filter(
    (r) =>
      r.provider.state === 'not_read' ||
      (r.provider.state === 'read' && (r.provider.difference === null || !new Big(r.provider.difference).eq(0))),
  )
}
