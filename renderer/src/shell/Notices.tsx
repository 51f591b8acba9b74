import { useState } from 'react'
import { useNav } from '../stores/nav'
import { useNotices, type Notice, type NoticeTone } from '../stores/notices'

/** More shown at once than this and the list folds into one line with a count (issue 54). */
const SHOWN_OPEN = 2
const RANK: Readonly<Record<NoticeTone, number>> = { bad: 3, wait: 2, info: 1, good: 0 }

/** What a notice about several sums up: each one listed, each opening its detail. */
function Details({ notice, open }: { notice: Notice; open: (detailId: string) => void }) {
  const details = notice.details ?? []
  if (details.length < 2) return null
  return (
    <details className="notice-details">
      <summary>Which {details.length}</summary>
      <ul>
        {details.map((d) => (
          <li key={d.detailId}>
            <button type="button" className="link" onClick={() => open(d.detailId)}>
              {d.text}
            </button>
          </li>
        ))}
      </ul>
    </details>
  )
}

function OneNotice({ notice }: { notice: Notice }) {
  const dismiss = useNotices((s) => s.dismiss)
  const go = useNav((s) => s.go)
  return (
    <div className={`notice ${notice.tone ?? 'info'}`} data-tone={notice.tone ?? 'info'}>
      <span>{notice.text}</span>{' '}
      <button
        type="button"
        onClick={() => {
          dismiss(notice.id)
          go(notice.section, notice.detailId, notice.view)
        }}
      >
        Open
      </button>{' '}
      <button type="button" onClick={() => dismiss(notice.id)} aria-label={`Dismiss: ${notice.text}`}>
        Dismiss
      </button>
      <Details notice={notice} open={(detailId) => go(notice.section, detailId)} />
    </div>
  )
}

/**
 * The in-app list of notices, announced politely, each in the tone of what happened and with a way to its detail.
 * Several at once fold into one line: the newest, a count of the others in the worst tone among them, and a button
 * that shows them all, so a burst never pushes the page down. They show under the open screen's header (UnderHeader),
 * so the title stays where it was when one arrives (issue 54).
 */
export function Notices() {
  const items = useNotices((s) => s.items)
  const [all, setAll] = useState(false)
  const folded = items.length > SHOWN_OPEN && !all
  const newest = items.at(-1)
  const earlier = items.slice(0, -1)
  const worst = earlier.reduce<NoticeTone>(
    (w, n) => (RANK[n.tone ?? 'info'] > RANK[w] ? (n.tone ?? 'info') : w),
    'good',
  )
  return (
    <div className="notices" role="status" aria-live="polite" data-testid="notices">
      {folded && newest ? (
        <>
          <OneNotice notice={newest} />
          <div className={`notice notice-more ${worst}`} data-testid="notices-more">
            <span>
              {earlier.length} earlier {earlier.length === 1 ? 'notice' : 'notices'}
            </span>{' '}
            <button type="button" aria-expanded={false} onClick={() => setAll(true)}>
              Show all {items.length}
            </button>
          </div>
        </>
      ) : (
        <>
          {items.map((n) => (
            <OneNotice key={n.id} notice={n} />
          ))}
          {all && items.length > SHOWN_OPEN ? (
            <button type="button" className="link" aria-expanded onClick={() => setAll(false)}>
              Fold into one line
            </button>
          ) : null}
        </>
      )}
    </div>
  )
}
