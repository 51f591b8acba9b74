import { call } from '../../desk'
import { Amount } from '../../components/Amount'
import { EmptyState } from '../../components/EmptyState'
import { ErrorBox } from '../../components/ErrorBox'
import { Loading } from '../../components/Loading'
import { ShortId } from '../../components/ShortId'
import { useRead } from '../../components/useRead'
import { useNav } from '../../stores/nav'
import { counterpart, formatTime } from '../transactions/format'

export function RecentMovements({ walletId }: { walletId: string }) {
  const go = useNav((s) => s.go)
  const page = useRead(() => call('transactions.page', { wallet_id: walletId, limit: 10 }), [walletId])
  if (page.error) return <ErrorBox error={page.error} title="Recent movements could not be read" onRetry={page.retry} />
  if (!page.data) return <Loading what="recent movements" />
  if (page.data.rows.length === 0) return <EmptyState title="No movements yet">Deposits to the addresses above show up here.</EmptyState>
  return (
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
          </tr>
        </thead>
        <tbody>
          {page.data.rows.map((t) => (
            <tr key={`${t.id}-${t.direction}`}>
              <td className="small">{formatTime(t.created_at)}</td>
              <td className={`dir-${t.direction}`}>{t.direction}</td>
              <td>{counterpart(t)}</td>
              <td className="num">
                <Amount value={t.amount} asset={t.asset} />
              </td>
              <td>{t.status}</td>
              <td>{t.tx_hash ? <ShortId value={t.tx_hash} what="transaction hash" short /> : <span className="muted">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <button type="button" className="link" onClick={() => go('transactions', walletId)}>
          All movements of this wallet
        </button>
      </p>
    </>
  )
}
