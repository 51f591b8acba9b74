import { NAV_GROUPS, SECTIONS, useNav, type SectionId } from '../stores/nav'
import { MOD_LABEL } from './shortcuts'
import { preloadScreen } from './screens'
import { shown } from '@shared/text/visible-text'
import { seatOf, useLockStatus } from '../data/lock'

function Item({ id, label }: { id: SectionId; label: string }) {
  const section = useNav((s) => s.section)
  const go = useNav((s) => s.go)
  const index = SECTIONS.findIndex((s) => s.id === id)
  return (
    <li>
      <button
        type="button"
        aria-current={section === id ? 'page' : undefined}
        onPointerEnter={() => preloadScreen(id)}
        onFocus={() => preloadScreen(id)}
        onClick={() => go(id)}
      >
        <span>{shown(label)}</span>
        {index < 9 ? (
          <kbd aria-label={`shortcut ${MOD_LABEL}${index + 1}`}>
            {MOD_LABEL}
            {index + 1}
          </kbd>
        ) : null}
      </button>
    </li>
  )
}

/** The sections in their groups; a group's name labels its list, so a screen reader says where an item belongs. */
export function Nav() {
  // People are an admin's (the person's role, whatever the profile's seat): absent for everyone else.
  const admin = seatOf(useLockStatus().data).isAdmin
  return (
    <nav className="nav" aria-label="Sections">
      {NAV_GROUPS.map((g, gi) => {
        const items = g.sections
          .filter((s) => s.id !== 'people' || admin)
          .map((s) => <Item key={s.id} id={s.id} label={s.label} />)
        if (!g.label) return <ul key={gi}>{items}</ul>
        const labelId = `nav-group-${gi}`
        return (
          <div key={gi} className="nav-group">
            <span className="nav-group-label" id={labelId}>
              {shown(g.label)}
            </span>
            <ul aria-labelledby={labelId}>{items}</ul>
          </div>
        )
      })}
    </nav>
  )
}
