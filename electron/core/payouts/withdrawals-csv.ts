import type { Withdrawal } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import type { PayoutOwnText } from './payout-notes'
import { writeCsvExport, type ExportProgress } from '../csv/write'

const COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'status',
  'wallet_id',
  'wallet_name',
  'amount',
  'asset',
  'network',
  'destination',
  'destination_label',
  'tx_hash',
  'reference',
  'note',
  'invoice',
] as const

const PAGE = 100

export interface WithdrawalExportQuery {
  wallet_id?: string | undefined
  idempotency_key?: string | undefined
  status?: string | undefined
}

/**
 * Every payout of the filter (the offset pages followed to the end, deduped by id), with the wallet's name and the
 * destination's label beside their ids, as the payout list shows them. Status is filtered here, as on screen.
 */
export async function exportWithdrawalsCsv(
  client: Pick<ApiClient, 'withdrawals' | 'listWallets' | 'listCounterparties'>,
  query: WithdrawalExportQuery,
  path: string,
  signal: AbortSignal,
  onProgress: (p: ExportProgress) => void,
  /**
   * The desk's own text about a payout (its reference and private note), kept in the store and never at the provider.
   */
  local: (payoutId: string) => PayoutOwnText = () => ({ reference: null, note: null, invoice: null }),
): Promise<{ rows: number; cancelled: boolean }> {
  const [wallets, book] = await Promise.all([client.listWallets(), client.listCounterparties()])
  const walletName = new Map(wallets.map((w) => [w.id, w.name]))
  const label = (w: Withdrawal) =>
    book.find((c) => c.network === w.network && c.address.toLowerCase() === w.destination.toLowerCase())?.label ?? null
  const cells = (w: Withdrawal) => {
    const own = local(w.id)
    return [
      w.id,
      w.created_at,
      w.updated_at,
      w.status,
      w.wallet_id,
      walletName.get(w.wallet_id) ?? null,
      w.amount,
      w.asset,
      w.network,
      w.destination,
      label(w),
      w.tx_hash,
      own.reference,
      own.note,
      own.invoice,
    ]
  }
  async function* pages(): AsyncGenerator<Array<Array<string | null>>> {
    let page: Withdrawal[] = []
    const { status, ...listQuery } = query
    for await (const w of client.withdrawals({ ...listQuery, limit: PAGE }, { signal })) {
      if (!status || w.status === status) page.push(w)
      if (page.length === PAGE) {
        yield page.map(cells)
        page = []
      }
    }
    if (page.length > 0) yield page.map(cells)
  }
  return writeCsvExport(path, COLUMNS, pages(), signal, onProgress)
}
