import type { Balance } from '@shared/api/resources'
import { isNativeAsset, withFeeMargin } from '@shared/payouts/native-assets'
import { findNetwork } from '@shared/api/networks'
import { Amount } from '../../components/Amount'

/**
 * Paying out all of a network's own asset leaves nothing there for the network fees of token payouts from this
 * wallet: said when the amount is the whole available balance, with an offer to keep a margin back.
 */
export function FeeMarginNotice({
  balance,
  amount,
  onUse,
}: {
  balance: Balance
  amount: string
  onUse: (amount: string) => void
}) {
  if (amount !== balance.available || !isNativeAsset(balance.asset, balance.network)) return null
  const network = findNetwork(balance.network)?.name ?? balance.network
  const margin = withFeeMargin(balance.asset, balance.available)
  return (
    <div className="notice warn" role="status" data-testid="fee-margin">
      <p>
        This is all of the wallet's {balance.asset}: nothing is left on {network} to pay the network fee of token
        payouts from this wallet.
      </p>
      {margin ? (
        <button type="button" onClick={() => onUse(margin.amount)}>
          Leave <Amount value={margin.margin} asset={balance.asset} /> for fees
        </button>
      ) : null}
    </div>
  )
}
