import type { UntrustedText } from '@shared/text/untrusted-text'
import { findNetwork } from '@shared/api/networks'
import type { Withdrawal } from '@shared/api/resources'
import { Amount } from '../../components/Amount'
import { ShortId, shortenMiddle } from '../../components/ShortId'
import { Time } from '../../components/Time'
import { Party } from '../../names/Party'
import { UserText } from '../../names/UserText'
import { WalletRef } from '../../names/WalletRef'
import { Timeline } from './Timeline'
import { ExplorerLink } from '../../components/ExplorerLink'

/**
 * What a payout is (amount, network, who it goes to, from which wallet, when, the user's reference) and where it is in
 * its lifecycle.
 */
export function PayoutFacts({
  w,
  reference,
  requestedBy,
}: {
  w: Withdrawal
  reference?: UntrustedText | undefined
  requestedBy?: UntrustedText | undefined
}) {
  return (
    <div className="split">
      <div className="panel">
        <dl className="facts">
          <dt>Payout id</dt>
          <dd>
            <ShortId value={w.id} what="payout id" />
          </dd>
          <dt>Amount</dt>
          <dd>
            <Amount value={w.amount} asset={w.asset} />
          </dd>
          <dt>Network</dt>
          <dd>
            <UserText>{findNetwork(w.network)?.name ?? w.network}</UserText>
          </dd>
          <dt>Destination</dt>
          <dd>
            <Party address={w.destination} network={w.network} what="destination address" />
          </dd>
          <dt>Wallet</dt>
          <dd>
            <WalletRef id={w.wallet_id} />
          </dd>
          {reference ? (
            <>
              <dt>Reference</dt>
              <dd data-testid="payout-reference">
                <UserText>{reference}</UserText>
              </dd>
            </>
          ) : null}
          <dt>Requested</dt>
          <dd>
            <Time value={w.created_at} />
          </dd>
          <dt>Requested by</dt>
          <dd data-testid="requested-by">
            {requestedBy ? (
              <UserText>{requestedBy}</UserText>
            ) : (
              <span className="muted">not in this app's outbox (the console or another app)</span>
            )}
          </dd>
          <dt>Last change</dt>
          <dd>
            <Time value={w.updated_at} />
          </dd>
          <dt>Tx hash</dt>
          <dd data-testid="tx-hash">
            {w.tx_hash ? (
              <span className="tx-hash">
                <ShortId value={w.tx_hash} what="transaction hash" />
                <ExplorerLink
                  network={w.network}
                  value={w.tx_hash}
                  what={`transaction ${shortenMiddle(w.tx_hash, 6)}`}
                />
              </span>
            ) : (
              <span className="muted">not on chain yet</span>
            )}
          </dd>
        </dl>
      </div>
      <div className="panel">
        <h3>Lifecycle</h3>
        <Timeline status={w.status} />
      </div>
    </div>
  )
}
