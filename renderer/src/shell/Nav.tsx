import { SECTIONS, useNav } from '../stores/nav'
import { MOD_LABEL } from './shortcuts'
import { shown } from '@shared/text/visible-text'

export function Nav() {
  const section = useNav((s) => s.section)
  const go = useNav((s) => s.go)
  return (
    <nav className="nav" aria-label="Sections">
      <ul>
        {SECTIONS.map((s, i) => (
          <li key={s.id}>
            <button type="button" aria-current={section === s.id ? 'page' : undefined} onClick={() => go(s.id)}>
              <span>{shown(s.label)}</span>
              <kbd aria-label={`shortcut ${MOD_LABEL}${i + 1}`}>
                {MOD_LABEL}
                {i + 1}
              </kbd>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  )
}
