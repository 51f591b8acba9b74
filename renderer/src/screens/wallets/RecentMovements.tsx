import { useState } from 'react'
import { Amount } from '../../components/Amount'
import { EmptyState } from '../../components/EmptyState'
import { QueryView } from '../../components/QueryView'
import { ShortId, shortenMiddle } from '../../components/ShortId'
import { Time } from '../../components/Time'
import { useDeskQuery } from '../../data/useDeskQuery'
import { useNav } from '../../stores/nav'
import { Party } from '../../names/Party'
import { otherSide } from '../../ledger/other-side'
import { ExplorerLink } from '../../components/ExplorerLink'
import { StatusChip } from '../../components/StatusChip'
import { DIRECTION_NAMES } from '../../components/direction-names'
import { TxDetail } from '../../ledger/TxDetail'

export function RecentMovements({ walletId }: { walletId: string }) {
  const go = useNav((s) => s.go)
  const page = useDeskQuery('transactions.page', { wallet_id: walletId, limit: 10 })
  const [open, setOpen] = useState<string | null>(null)
  return (
    <QueryView
      query={page}
      what="recent movements"
      errorTitle="Recent movements could not be read"
      isEmpty={(p) => p.rows.length === 0}
      empty={<EmptyState title="No movements yet">Deposits to the addresses above show up here.</EmptyState>}
    >
      {(p) => (
        <>
          <table className="grid" aria-label="Recent movements">
            <thead>
              <tr>
                <th>Recorded</th>
                <th>Direction</th>
                <th>Counterpart</th>
                <th className="num">Amount</th>
                <th>Status</th>
                <th>Tx hash</th>
                <th>
                  <span className="sr-only">Detail</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {p.rows.map((t) => (
                <tr key={`${t.id}-${t.direction}`}>
                  <td className="small">
                    <Time value={t.created_at} />
                  </td>
                  <td className={`dir-${t.direction}`}>{DIRECTION_NAMES[t.direction]}</td>
                  <td>
                    <Party
                      address={otherSide(t).address}
                      network={t.network}
                      providerName={otherSide(t).name}
                      what="counterpart address"
                    />
                  </td>
                  <td className="num">
                    <Amount value={t.amount} asset={t.asset} />
                  </td>
                  <td>
                    <StatusChip status={t.status} />
                  </td>
                  <td>
                    {t.tx_hash ? (
                      <span className="tx-hash">
                        <ShortId value={t.tx_hash} what="transaction hash" short />
                        <ExplorerLink
                          network={t.network}
                          value={t.tx_hash}
                          what={`transaction ${shortenMiddle(t.tx_hash, 6)}`}
                        />
                      </span>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="link"
                      onClick={() => setOpen(t.id)}
                      aria-label={`Details of the movement recorded ${t.created_at}`}
                      data-testid="movement-detail"
                    >
                      Details
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {open ? <TxDetail transactionId={open} onClose={() => setOpen(null)} /> : null}
          <p>
            <button type="button" className="link" onClick={() => go('transactions', walletId)}>
              All movements of this wallet
            </button>
          </p>
        </>
      )}
    </QueryView>
  )
}
