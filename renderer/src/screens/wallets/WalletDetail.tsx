import type { WalletView } from '@shared/ipc/views'
import { findNetwork } from '@shared/api/networks'
import { Amount, fractionSlot, Usd } from '../../components/Amount'
import { QueryView } from '../../components/QueryView'

import { ShortId } from '../../components/ShortId'
import { Section } from '../../components/Section'
import { StatusChip } from '../../components/StatusChip'
import { useDeskQuery } from '../../data/useDeskQuery'
import { useNav } from '../../stores/nav'
import { useCurrentProfile } from '../../data/profiles'
import { RecentMovements } from './RecentMovements'
import { DepositAddresses } from './DepositAddresses'
import { UserText } from '../../names/UserText'
import { ScreenHead } from '../../components/ScreenHead'
import { BackLink } from '../../components/BackLink'

export function WalletDetail({ walletId }: { walletId: string }) {
  const go = useNav((s) => s.go)
  const wallet = useDeskQuery('wallets.get', { walletId })

  return (
    <div>
      <ScreenHead>
        <BackLink label="Wallets" onBack={() => go('wallets')} />
        <h1>{wallet.data ? <UserText>{wallet.data.name}</UserText> : 'Wallet'}</h1>
        <span className="spacer" />
        <button type="button" onClick={() => void wallet.refetch()} disabled={wallet.isFetching}>
          Refresh
        </button>
      </ScreenHead>
      <QueryView query={wallet} what="balances" errorTitle="This wallet's balances could not be read">
        {(w) => <WalletFacts w={w} />}
      </QueryView>
    </div>
  )
}

function WalletFacts({ w }: { w: WalletView }) {
  const sandbox = useCurrentProfile()?.environment === 'sandbox'
  return (
    <>
      <div className="panel">
        <dl className="facts">
          <dt>Wallet id</dt>
          <dd>
            <ShortId value={w.id} what="wallet id" />
          </dd>
          <dt>Status</dt>
          <dd>
            <StatusChip status={w.status} />
          </dd>
          <dt>Total</dt>
          <dd>
            <Usd value={w.total_usd} />
            {sandbox ? <span className="muted small"> indicative (sandbox)</span> : null}
          </dd>
        </dl>
      </div>
      <Section title="Balances">
        <table
          className="grid"
          aria-label="Balances"
          style={fractionSlot(
            w.balances.flatMap((b) => [b.amount, b.available]),
            '--column-frac',
          )}
        >
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
                <td>
                  <UserText>
                    {findNetwork(b.network)?.name ?? w.networks.find((n) => n.id === b.network)?.name ?? b.network}
                  </UserText>
                </td>
                <td className="num">
                  <Amount value={b.amount} asset={b.asset} />
                </td>
                <td className="num">
                  <Amount value={b.available} asset={b.asset} />
                </td>
                <td className="num">
                  <Usd value={b.usd_value} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="Deposit addresses">
        <DepositAddresses wallet={w} />
      </Section>
      <Section title="Recent movements">
        <RecentMovements walletId={w.id} />
      </Section>
    </>
  )
}
