import { decisionEntry } from '../audit/use-cases'
import type { Profile } from '../profiles'
import { profileDir } from '../profiles'
import { DeskStore, type ProcessRole } from '../store'

/** A key change as its profile's audit log keeps it: which step, the Key IDs involved (public), who and where. */
export type KeyEvent = (
  profile: Profile,
  path: 'key.rotation_started' | 'key.rotated' | 'key.rotation_cancelled' | 'key.key_id_replaced',
  detail: Record<string, unknown>,
) => void

/**
 * Writes key events into the profile's own audit log, so Activity shows a rotation beside the payouts it signs. The
 * change itself has happened by then: a log that cannot be written is reported to `onError`, never undone.
 */
export function keyAuditWriter(
  dataDir: string,
  role: ProcessRole,
  person: () => string,
  onError: (err: unknown) => void,
  now: () => Date = () => new Date(),
): KeyEvent {
  return (profile, path, detail) => {
    try {
      const store = DeskStore.open(profileDir(dataDir, profile.id), role)
      try {
        store.transaction('write the audit log', () =>
          store.audit.append(decisionEntry(now(), path, role, null, { by: person(), ...detail })),
        )
      } finally {
        store.close()
      }
    } catch (err) {
      onError(err)
    }
  }
}
