import { shown } from '@shared/text/visible-text'
import { ROLE_NAMES } from '../components/role-names'
import { lockActs, useLockStatus } from '../data/lock'
import { MOD_LABEL } from './shortcuts'

/** Who is at the desk, and the way to lock it (also Ctrl+L); absent on a desk without people. */
export function LockButton() {
  const status = useLockStatus().data
  if (!status?.enabled || !status.person) return null
  return (
    <>
      <span className="chip" data-testid="at-desk" title={`${ROLE_NAMES[status.person.role]} at the desk`}>
        {shown(status.person.name)} · {ROLE_NAMES[status.person.role]}
      </span>
      <button type="button" onClick={() => void lockActs.lock()} aria-keyshortcuts={IS_MAC_SHORTCUT}>
        Lock <kbd>{MOD_LABEL}L</kbd>
      </button>
    </>
  )
}

const IS_MAC_SHORTCUT = MOD_LABEL === '⌘' ? 'Meta+L' : 'Control+L'
