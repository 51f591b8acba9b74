import type { EventBus } from '../event-bus'
import type { RouterLog } from '../ipc/router'
import type { SecretStore } from '../vault'
import { profileHandlers, type ProfileHandlerDeps } from './profile-handlers'
import { openProfileKeys } from './use-cases'

/**
 * What the desk gives the keys feature: where profiles live, the keychain, the bus and log, the person at the desk,
 * and the shell's doors.
 */
export interface KeysPorts extends Omit<ProfileHandlerDeps, 'keys'> {
  dataDir: string
  secretStore: SecretStore
  events: EventBus
  log: RouterLog
  /** The person at the desk, whom a key change names; null on a desk without people. */
  person: () => string | null
}

/** The keys feature in the app: profiles with their keys (a change told on the bus), and the profile doors. */
export function keysModule({ dataDir, secretStore, events, log, person, embeddedSimulator, openExternal }: KeysPorts) {
  const keys = openProfileKeys({
    dataDir,
    secretStore,
    actor: 'app',
    person,
    onChange: () => events.emit('profiles.changed', {}),
    onAuditFailure: (err) => log.error('recording a key rotation in the audit log failed', err),
  })
  return { keys, doors: profileHandlers({ keys, embeddedSimulator, openExternal }) }
}
