import { findNetwork } from '@shared/api/networks'
import { nativeAsset } from '@shared/payouts/native-assets'
import { payoutEffect } from '@shared/payouts/payout-effect'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import { Amount, Usd } from '../../components/Amount'
import { EnvBadge } from '../../components/EnvBadge'
import { ShortId } from '../../components/ShortId'
import { ApproverWords } from '../../address/ApproverWords'
import { Time } from '../../components/Time'
import { UserText } from '../../names/UserText'
import { ownerName } from '../../names/owner-name'
import type { PayoutDraft } from './PayoutForm'

/** From this share of the available balance on, the review says how much of it leaves. */
const LARGE_SHARE = 50

/** Everything that leaves, from where, to whom, and what is left: the facts a treasurer checks before requesting. */
export function PayoutReviewFacts({ draft, profile }: { draft: PayoutDraft; profile: ProfileView | null }) {
  const { body, wallet, destination } = draft
  const network = body.network ?? destination.network
  const balance = wallet.balances.find((b) => b.asset === body.asset && b.network === network)
  const effect = balance ? payoutEffect(balance, body.amount) : null
  const owner = ownerName(destination)
  const feeAsset = nativeAsset(network)
  // The amount first and biggest, then who is paid, then where it comes from (issue 54).
  return (
    <div data-testid="payout-review">
      <div className="review-hero" data-testid="review-amount">
        <Amount value={body.amount} asset={body.asset} display />
        {effect?.usd != null ? (
          <span className="muted">
            ≈ <Usd value={effect.usd} /> (indicative)
          </span>
        ) : null}
        {effect && effect.percentOfAvailable >= LARGE_SHARE ? (
          <span className="chip chip-wait" data-testid="review-share">
            {effect.percentOfAvailable} % of available
          </span>
        ) : null}
      </div>
      <div className="review-groups">
        <section aria-label="Payee">
          <h3>Payee</h3>
          <dl className="facts">
            <dt>To</dt>
            <dd data-testid="review-destination">
              <UserText>{destination.label || owner}</UserText>
              {destination.label && owner && destination.label !== owner ? (
                <span className="muted">
                  {' · '}
                  <UserText>{owner}</UserText>
                </span>
              ) : null}
              <div>
                <ShortId value={destination.address} what="destination address" />
              </div>
              <ApproverWords network={network} address={destination.address} />
              <div className="muted small">
                {destination.counterparty_type === 'company' ? 'Company' : 'Individual'} ·{' '}
                {destination.wallet_type === 'vasp' ? (
                  <>
                    held at <UserText>{destination.vasp_name ?? ''}</UserText>
                  </>
                ) : (
                  'self-hosted wallet'
                )}{' '}
                · verified {destination.verified_at ? <Time value={destination.verified_at} /> : 'at an unknown time'}
              </div>
            </dd>
            <dt>Network</dt>
            <dd>
              <UserText>{findNetwork(network)?.name ?? destination.network_name}</UserText>
            </dd>
            {draft.reference ? (
              <>
                <dt>Reference</dt>
                <dd data-testid="review-reference">
                  <UserText>{draft.reference}</UserText> <span className="muted small">(kept here, not sent)</span>
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <section aria-label="From">
          <h3>From</h3>
          <dl className="facts">
            <dt>Profile</dt>
            <dd>
              <UserText>{profile?.name ?? ''}</UserText>{' '}
              {profile ? <EnvBadge environment={profile.environment} /> : null}
            </dd>
            <dt>Wallet</dt>
            <dd>
              <UserText>{wallet.name}</UserText>
            </dd>
            {balance && effect ? (
              <>
                <dt>Available before</dt>
                <dd>
                  <Amount value={balance.available} asset={body.asset} />
                </dd>
                <dt>Available after</dt>
                <dd data-testid="review-after">
                  <Amount value={effect.availableAfter} asset={body.asset} />
                </dd>
              </>
            ) : null}
            <dt>Fee priority</dt>
            <dd>{body.fee_priority}</dd>
          </dl>
        </section>
      </div>
      <p className="small" data-testid="review-fee">
        The network fee is charged by the provider{feeAsset ? `, in ${feeAsset} from this wallet,` : ''} on top of the
        amount; its size depends on the network and the fee priority and is known once the payout is on chain.
      </p>
    </div>
  )
}
