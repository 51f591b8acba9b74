import type { ActivityRow } from '@shared/ipc/channels/activity'
import { Amount } from '../../components/Amount'
import { ShortId, shortenMiddle } from '../../components/ShortId'
import { UserText } from '../../names/UserText'
import { WalletRef } from '../../names/WalletRef'
import { activityDetail, type DetailRef, type PayoutLine } from './activity-detail'

function Ref({ item }: { item: DetailRef }) {
  if (item.kind === 'wallet') return <WalletRef id={item.id} />
  return <ShortId value={item.id} what={item.kind === 'payout' ? 'payout id' : 'transaction id'} short />
}

/** "1,200 USDC to Acme GmbH (Ethereum Sepolia 0x12…ab)": the address whole on hover, the payout id to copy. */
function Paid({ payout }: { payout: PayoutLine }) {
  return (
    <span data-testid="activity-payout">
      <Amount value={payout.amount} asset={payout.asset} />
      {' to '}
      {payout.to ? <UserText>{payout.to}</UserText> : <span className="muted">an address without a name</span>}
      {' ('}
      {payout.network ? `${payout.network} ` : null}
      <code className="mono id-short" title={payout.address} dir="ltr">
        {shortenMiddle(payout.address, 5)}
      </code>
      {')'}
    </span>
  )
}

/**
 * What one audit row did, in words, with the payout it was about by what it paid (or, when the store no longer knows
 * it, by id), or the wallet; the CSV keeps the raw call.
 */
export function ActivityDetailCell({ row }: { row: ActivityRow }) {
  const detail = activityDetail(row)
  const payoutId = detail.payout?.payoutId ?? null
  return (
    <span role="cell" className="small" data-testid="activity-detail">
      {detail.words}
      {detail.ref ? (
        <>
          {' '}
          <Ref item={detail.ref} />
        </>
      ) : null}
      {detail.payout ? (
        <>
          {' · '}
          <Paid payout={detail.payout} />
        </>
      ) : null}
      {detail.outcome ? ` · ${detail.outcome}` : null}
      {payoutId ? (
        <>
          {' · payout '}
          <ShortId value={payoutId} what="payout id" short />
        </>
      ) : null}
      {detail.key ? (
        <>
          {' · key '}
          <UserText>{detail.key}</UserText>
        </>
      ) : null}
    </span>
  )
}
