import { memo } from 'react'
import type { TransactionLeg } from '../../../../shared/api/resources'
import { CopyButton } from '../../components/CopyButton'
import { shortenMiddle } from '../../components/ShortId'
import { Amount } from '../../components/Amount'
import { Time } from '../../components/Time'
import type { NameBook } from '../../names/name-book'
import { PartyView } from '../../names/Party'
import { otherSide } from './format'

interface Props {
  t: TransactionLeg
  index: number
  start: number
  selected: boolean
  onSelect: (t: TransactionLeg) => void
  names: NameBook
}

/** One leg of the virtualized table; memoized so scrolling re-renders only the rows that come into view. */
export const TxRow = memo(function TxRow({ t, index, start, selected, onSelect, names }: Props) {
  const who = otherSide(t)
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={0}
      className="tx-row"
      style={{ transform: `translateY(${start}px)` }}
      onClick={() => onSelect(t)}
      onKeyDown={(e) => {
        // Keys pressed on the copy button belong to the button.
        if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return
        e.preventDefault()
        onSelect(t)
      }}
    >
      <span role="cell" className="small">
        <Time value={t.created_at} />
      </span>
      <span role="cell" className={`dir-${t.direction}`}>
        {t.direction}
      </span>
      <span role="cell">
        <PartyView known={names.address(who.address, t.network)} address={who.address} providerName={who.name} what="counterpart address" inline />
      </span>
      <span role="cell" className="num">
        <Amount value={t.amount} asset={t.asset} />
      </span>
      <span role="cell" className="num">
        {t.fee ? <Amount value={t.fee} asset={t.fee_asset} /> : '—'}
      </span>
      <span role="cell">{t.status}</span>
      <span role="cell">{t.network_name ?? t.network ?? '—'}</span>
      <span role="cell" className="tx-hash">
        {t.tx_hash ? (
          <>
            <code className="mono" title={t.tx_hash}>
              {shortenMiddle(t.tx_hash, 6)}
            </code>
            {/* Copying is not choosing the row. */}
            <span onClick={(e) => e.stopPropagation()}>
              <CopyButton value={t.tx_hash} what={`transaction hash ${shortenMiddle(t.tx_hash, 6)}`} />
            </span>
          </>
        ) : (
          '—'
        )}
      </span>
    </div>
  )
})
