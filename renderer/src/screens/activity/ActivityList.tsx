import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import type { ActivityRow } from '@shared/ipc/channels/activity'
import { ACTION_NAMES } from '../../components/status-words'
import { Time } from '../../components/Time'
import { UserText } from '../../names/UserText'
import { ActivityDetailCell } from './ActivityDetailCell'
import { processOf } from './activity-detail'

const ROW = 32

/** Only the rows in view are in the DOM; the next page is read from the store as the end comes near. */
export function ActivityList({
  rows,
  hasMore,
  onNearEnd,
}: {
  rows: ActivityRow[]
  hasMore: boolean
  onNearEnd: () => void
}) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 6,
  })
  const items = virtual.getVirtualItems()
  const lastIndex = items[items.length - 1]?.index ?? -1
  useEffect(() => {
    if (hasMore && lastIndex >= rows.length - 40) onNearEnd()
  }, [lastIndex, rows.length, hasMore, onNearEnd])

  return (
    <div
      className="activity-scroll"
      ref={scrollRef}
      role="table"
      aria-label="Activity"
      aria-rowcount={rows.length + 1}
      data-testid="activity-scroll"
      tabIndex={0}
    >
      <div className="activity-header" role="row">
        <span role="columnheader">Time</span>
        <span role="columnheader">Who</span>
        <span role="columnheader">Action</span>
        <span role="columnheader">Detail</span>
        <span role="columnheader">Row</span>
      </div>
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const r = rows[item.index]!
          return (
            <div
              key={r.seq}
              role="row"
              aria-rowindex={item.index + 2}
              className="activity-row"
              data-testid="activity-row"
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <span role="cell" className="small">
                <Time value={r.at} />
              </span>
              <span
                role="cell"
                title={r.person ? `${r.person} (${r.actor ?? 'unknown process'})` : (r.actor ?? undefined)}
              >
                {r.person ? <UserText>{r.person}</UserText> : null}
                {r.person ? ' · ' : null}
                <span className="muted">{processOf(r) ?? '—'}</span>
              </span>
              {/* Whole on hover where the column cuts it. */}
              <span role="cell" title={ACTION_NAMES[r.action]}>
                {ACTION_NAMES[r.action]}
              </span>
              <ActivityDetailCell row={r} />
              <span role="cell" className="small muted">
                {r.seq}
              </span>
            </div>
          )
        })}
      </div>
    </div>
  )
}
