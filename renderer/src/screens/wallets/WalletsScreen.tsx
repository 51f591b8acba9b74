import { Usd } from '../../components/Amount'
import { EmptyState } from '../../components/EmptyState'
import { QueryView } from '../../components/QueryView'
import { useDeskQuery } from '../../data/useDeskQuery'
import { useNav } from '../../stores/nav'
import { useCurrentProfile } from '../../data/profiles'
import { WalletDetail } from './WalletDetail'
import { StatusChip } from '../../components/StatusChip'
import { UserText } from '../../names/UserText'
import { ScreenHead } from '../../components/ScreenHead'

export function WalletsScreen() {
  const detailId = useNav((s) => s.detailId)
  return detailId ? <WalletDetail walletId={detailId} /> : <WalletList />
}

function WalletList() {
  const go = useNav((s) => s.go)
  const sandbox = useCurrentProfile()?.environment === 'sandbox'
  const wallets = useDeskQuery('wallets.list', {})
  const total = wallets.data?.reduce((sum, w) => sum + w.total_usd, 0) ?? 0

  return (
    <div>
      <ScreenHead>
        <h1>Wallets</h1>
        <span className="spacer" />
        {wallets.data ? (
          <span data-testid="wallets-total">
            Total <Usd value={total} />
            {sandbox ? <span className="muted small"> (indicative)</span> : null}
          </span>
        ) : null}
        <button type="button" onClick={() => void wallets.refetch()} disabled={wallets.isFetching}>
          Refresh
        </button>
      </ScreenHead>
      <QueryView
        query={wallets}
        what="wallets"
        errorTitle="Wallets could not be read"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState title="This workspace has no wallets">
            <p>Wallets are created in the provider's console. Refresh once one exists.</p>
          </EmptyState>
        }
      >
        {(list) => (
          <table className="grid" aria-label="Wallets">
            <thead>
              <tr>
                <th>Wallet</th>
                <th>Status</th>
                <th>Networks</th>
                <th className="num">Total USD{sandbox ? ' (indicative)' : ''}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((w) => (
                <tr key={w.id}>
                  <td>
                    <button type="button" className="link" onClick={() => go('wallets', w.id)}>
                      <UserText>{w.name}</UserText>
                    </button>
                  </td>
                  <td>
                    <StatusChip status={w.status} />
                  </td>
                  <td className="small">{w.networks.map((n) => n.name).join(', ')}</td>
                  <td className="num">
                    <Usd value={w.total_usd} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryView>
    </div>
  )
}
