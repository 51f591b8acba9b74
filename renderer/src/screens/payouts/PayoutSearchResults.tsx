import { EmptyState } from '../../components/EmptyState'
import { QueryView } from '../../components/QueryView'
import { useDeskQuery } from '../../data/useDeskQuery'
import { PayoutRow, PayoutTable } from './PayoutTable'

/**
 * Payouts the store knows that match the search box and the days, newest first (at most 200), in History's one-line
 * rows; the wallet from the payout list once the provider has recorded the payout.
 */
export function PayoutSearchResults({ text, from, to }: { text: string; from: string; to: string }) {
  const hits = useDeskQuery('payouts.search', { text, ...(from ? { from } : {}), ...(to ? { to } : {}) })
  const list = useDeskQuery('withdrawals.list', {})
  const wallets = new Map((list.data ?? []).map((w) => [w.id, w.wallet_id]))
  return (
    <QueryView query={hits} what="matching payouts" errorTitle="The search failed">
      {(rows) =>
        rows.length === 0 ? (
          <EmptyState title="No payout matches the search" />
        ) : (
          <PayoutTable label="Matching payouts" amounts={rows.map((h) => h.amount)} referenceTitle="Reference and note">
            {rows.map((h) => (
              <PayoutRow
                key={h.payoutId ?? h.idempotencyKey}
                testId="search-row"
                line={{
                  id: h.payoutId,
                  idempotencyKey: h.idempotencyKey,
                  createdAt: h.createdAt,
                  status: h.status,
                  walletId: h.payoutId ? (wallets.get(h.payoutId) ?? null) : null,
                  amount: h.amount,
                  asset: h.asset,
                  network: h.network,
                  destination: h.address,
                  requestedBy: h.requestedBy,
                  reference: h.reference,
                  note: h.note,
                }}
              />
            ))}
          </PayoutTable>
        )
      }
    </QueryView>
  )
}
