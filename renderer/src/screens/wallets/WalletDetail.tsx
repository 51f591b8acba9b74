import { findNetwork } from '../../../../shared/api/networks'
import { call } from '../../desk'
import { Amount, Usd } from '../../components/Amount'
import { ErrorBox } from '../../components/ErrorBox'
import { Loading } from '../../components/Loading'
import { ShortId } from '../../components/ShortId'
import { useRead } from '../../components/useRead'
import { useNav } from '../../stores/nav'
import { useProfiles } from '../../stores/profiles'
import { RecentMovements } from './RecentMovements'
import { DepositAddresses } from './DepositAddresses'

export function WalletDetail({ walletId }: { walletId: string }) {
  const go = useNav((s) => s.go)
  const sandbox = useProfiles((s) => s.current?.environment === 'sandbox')
  const wallet = useRead(() => call('wallets.get', { walletId }), [walletId])
  const w = wallet.data

  return (
    <div>
      <div className="screen-head">
        <button type="button" onClick={() => go('wallets')}>
          ← Wallets
        </button>
        <h1>{w?.name ?? 'Wallet'}</h1>
        <span className="spacer" />
        <button type="button" onClick={wallet.retry} disabled={wallet.loading}>
          Refresh
        </button>
      </div>
      {wallet.error ? <ErrorBox error={wallet.error} title="This wallet's balances could not be read" onRetry={wallet.retry} /> : null}
      {wallet.loading && !w ? <Loading what="balances" /> : null}
      {w ? (
        <>
          <div className="panel">
            <dl className="facts">
              <dt>Wallet id</dt>
              <dd>
                <ShortId value={w.id} what="wallet id" />
              </dd>
              <dt>Status</dt>
              <dd>{w.status}</dd>
              <dt>Total</dt>
              <dd>
                <Usd value={w.total_usd} />
                {sandbox ? <span className="muted small"> indicative (sandbox)</span> : null}
              </dd>
            </dl>
          </div>
          <h2>Balances</h2>
          <table className="grid" aria-label="Balances">
            <thead>
              <tr>
                <th>Asset</th>
                <th>Network</th>
                <th className="num">Amount</th>
                <th className="num">Available</th>
                <th className="num">USD value{sandbox ? ' (indicative)' : ''}</th>
              </tr>
            </thead>
            <tbody>
              {w.balances.map((b) => (
                <tr key={`${b.asset}-${b.network}`}>
                  <td>{b.asset}</td>
                  <td>{findNetwork(b.network)?.name ?? w.networks.find((n) => n.id === b.network)?.name ?? b.network}</td>
                  <td className="num">
                    <Amount value={b.amount} />
                  </td>
                  <td className="num">
                    <Amount value={b.available} />
                  </td>
                  <td className="num">
                    <Usd value={b.usd_value} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2 className="section-gap">Deposit addresses</h2>
          <DepositAddresses wallet={w} />
          <h2 className="section-gap">Recent movements</h2>
          <RecentMovements walletId={w.id} />
        </>
      ) : null}
    </div>
  )
}
