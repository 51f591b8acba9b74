import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import type { TransactionLeg } from '../../../../shared/api/resources'
import { shortenMiddle } from '../../components/ShortId'
import { counterpart, formatTime } from './format'

const ROW = 32

interface Props {
  rows: TransactionLeg[]
  selected: string | null
  hasMore: boolean
  onSelect: (t: TransactionLeg) => void
  onNearEnd: () => void
}

/** Only the rows in view are in the DOM, so 100,000 loaded rows scroll as smoothly as 100. */
export function TxTable({ rows, selected, hasMore, onSelect, onNearEnd }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW, overscan: 12 })
  const items = virtual.getVirtualItems()
  const lastIndex = items[items.length - 1]?.index ?? -1

  useEffect(() => {
    if (hasMore && lastIndex >= rows.length - 30) onNearEnd()
  }, [lastIndex, rows.length, hasMore, onNearEnd])

  return (
    <div className="tx-scroll" ref={scrollRef} role="table" aria-label="Transactions" aria-rowcount={rows.length + 1} data-testid="tx-scroll">
      <div className="tx-header" role="row">
        <span role="columnheader">Recorded</span>
        <span role="columnheader">Direction</span>
        <span role="columnheader">Counterpart</span>
        <span role="columnheader" className="num">
          Amount
        </span>
        <span role="columnheader" className="num">
          Fee
        </span>
        <span role="columnheader">Status</span>
        <span role="columnheader">Network</span>
        <span role="columnheader">Tx hash</span>
      </div>
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const t = rows[item.index]!
          const key = `${t.id}|${t.direction}`
          return (
            <div
              key={key}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={selected === key}
              tabIndex={0}
              className="tx-row"
              style={{ transform: `translateY(${item.start}px)` }}
              onClick={() => onSelect(t)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault()
                  onSelect(t)
                }
              }}
            >
              <span role="cell" className="small">
                {formatTime(t.created_at)}
              </span>
              <span role="cell" className={`dir-${t.direction}`}>
                {t.direction}
              </span>
              <span role="cell" title={counterpart(t)}>
                {counterpart(t)}
              </span>
              <span role="cell" className="num amount mono">
                {t.amount} <span className="asset">{t.asset}</span>
              </span>
              <span role="cell" className="num amount mono">
                {t.fee ?? '—'}
              </span>
              <span role="cell">{t.status}</span>
              <span role="cell">{t.network_name ?? t.network ?? '—'}</span>
              <span role="cell" className="mono" title={t.tx_hash ?? undefined}>
                {t.tx_hash ? shortenMiddle(t.tx_hash, 6) : '—'}
              </span>
            </div>
          )
        })}
      </div>
    </div>
  )
}
