import { SECTIONS, useNav } from '../stores/nav'
import { MOD_LABEL } from './shortcuts'
import { shown } from '@shared/text/visible-text'
import { useCanWrite } from '../components/CanWrite'

export function Nav() {
  const section = useNav((s) => s.section)
  const go = useNav((s) => s.go)
  // People are an admin's: the section is absent for everyone else.
  const admin = useCanWrite(true)
  return (
    <nav className="nav" aria-label="Sections">
      <ul>
        {SECTIONS.map((s, i) =>
          s.id === 'people' && !admin ? null : (
            <li key={s.id}>
              <button type="button" aria-current={section === s.id ? 'page' : undefined} onClick={() => go(s.id)}>
                <span>{shown(s.label)}</span>
                {i < 9 ? (
                  <kbd aria-label={`shortcut ${MOD_LABEL}${i + 1}`}>
                    {MOD_LABEL}
                    {i + 1}
                  </kbd>
                ) : null}
              </button>
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}
