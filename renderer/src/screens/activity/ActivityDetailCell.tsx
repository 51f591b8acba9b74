import type { ActivityRow } from '@shared/ipc/channels/activity'
import { ShortId } from '../../components/ShortId'
import { UserText } from '../../names/UserText'
import { WalletRef } from '../../names/WalletRef'
import { activityDetail, type DetailRef } from './activity-detail'

function Ref({ item }: { item: DetailRef }) {
  if (item.kind === 'wallet') return <WalletRef id={item.id} />
  return <ShortId value={item.id} what={item.kind === 'payout' ? 'payout id' : 'transaction id'} short />
}

/** What one audit row did, in words, with the wallet or payout it was about; the CSV keeps the raw call. */
export function ActivityDetailCell({ row }: { row: ActivityRow }) {
  const detail = activityDetail(row)
  return (
    <span role="cell" className="small" data-testid="activity-detail">
      {detail.words}
      {detail.ref ? (
        <>
          {' '}
          <Ref item={detail.ref} />
        </>
      ) : null}
      {detail.outcome ? ` · ${detail.outcome}` : null}
      {detail.key ? (
        <>
          {' · key '}
          <UserText>{detail.key}</UserText>
        </>
      ) : null}
    </span>
  )
}
