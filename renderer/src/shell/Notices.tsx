import { useNav } from '../stores/nav'
import { useNotices, type Notice } from '../stores/notices'

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

/** The in-app list of notices, announced politely, each with a way to its detail. */
export function Notices() {
  const { items, dismiss } = useNotices()
  const go = useNav((s) => s.go)
  return (
    <div className="notices" role="status" aria-live="polite" data-testid="notices">
      {items.map((n) => (
        <div className="notice good" key={n.id}>
          <span>{n.text}</span>{' '}
          <button
            type="button"
            onClick={() => {
              dismiss(n.id)
              go(n.section, n.detailId)
            }}
          >
            Open
          </button>{' '}
          <button type="button" onClick={() => dismiss(n.id)} aria-label={`Dismiss: ${n.text}`}>
            Dismiss
          </button>
          <Details notice={n} open={(detailId) => go(n.section, detailId)} />
        </div>
      ))}
    </div>
  )
}
