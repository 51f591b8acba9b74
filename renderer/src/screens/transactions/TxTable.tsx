import type { LedgerRowView } from '@shared/ipc/views'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useMemo, useRef } from 'react'
import { fractionSlot } from '../../components/Amount'
import { useNameBook } from '../../names/useNameBook'
import { useTxColumns } from '../../stores/tx-columns'
import { TxRow } from './TxRow'

const ROW = 32
/**
 * Rows rendered beyond each edge of the view: enough for keyboard steps, few enough to keep a fast fling within a
 * frame.
 */
const OVERSCAN = 4

interface Props {
  rows: LedgerRowView[]
  selected: string | null
  hasMore: boolean
  showWallet: boolean
  /** Must be stable (useCallback): rows are memoized on it. */
  onSelect: (t: LedgerRowView) => void
  onNearEnd: () => void
}

/** Only the rows in view are in the DOM, so 100,000 loaded rows scroll as smoothly as 100. */
export function TxTable({ rows, selected, hasMore, showWallet, onSelect, onNearEnd }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const names = useNameBook()
  const hidden = useTxColumns((s) => s.hidden)
  const classes = ['tx-scroll', ...hidden.map((c) => `hide-${c}`), ...(showWallet ? [] : ['hide-wallet'])].join(' ')
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: OVERSCAN,
  })
  // The amounts' fraction slot, from every loaded row: decimal points line up as the list scrolls.
  const slot = useMemo(() => fractionSlot(rows.map((r) => r.amount)), [rows])
  const items = virtual.getVirtualItems()
  const lastIndex = items[items.length - 1]?.index ?? -1

  useEffect(() => {
    if (hasMore && lastIndex >= rows.length - 30) onNearEnd()
  }, [lastIndex, rows.length, hasMore, onNearEnd])

  return (
    <div
      className={classes}
      ref={scrollRef}
      role="table"
      aria-label="Transactions"
      aria-rowcount={rows.length + 1}
      data-testid="tx-scroll"
      style={slot}
    >
      <div className="tx-header" role="row">
        <span role="columnheader" className="col-time">
          Recorded
        </span>
        <span role="columnheader" className="col-dir">
          Direction
        </span>
        {showWallet ? (
          <span role="columnheader" className="col-wallet">
            Wallet
          </span>
        ) : null}
        <span role="columnheader" className="col-party">
          Counterpart
        </span>
        <span role="columnheader" className="col-amount num">
          Amount
        </span>
        <span role="columnheader" className="col-fee num">
          Fee
        </span>
        <span role="columnheader" className="col-status">
          Status
        </span>
        <span role="columnheader" className="col-network">
          Network
        </span>
        <span role="columnheader" className="col-hash">
          Tx hash
        </span>
      </div>
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const t = rows[item.index]!
          const key = `${t.id}|${t.direction}`
          return (
            <TxRow
              key={key}
              t={t}
              index={item.index}
              start={item.start}
              selected={selected === key}
              showWallet={showWallet}
              onSelect={onSelect}
              names={names}
            />
          )
        })}
      </div>
    </div>
  )
}
