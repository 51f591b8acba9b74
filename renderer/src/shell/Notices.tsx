import { useNav } from '../stores/nav'
import { useNotices } from '../stores/notices'

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
        </div>
      ))}
    </div>
  )
}
