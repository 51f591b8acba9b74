import { localPerson } from '../audit/use-cases'
import { ProfileStore } from '../profiles'
import { Vault, type SecretStore } from '../vault'
import { keyAuditWriter } from './key-audit'
import { ProfileKeys } from './profile-keys'

export interface ProfileKeysHost {
  dataDir: string
  secretStore: SecretStore
  /** Who the audit log names for a key change (the person at this computer is added). */
  actor: 'app' | 'cli'
  /** The person at the desk who acts, when people are set up; null on a desk without people (the OS user acts). */
  person: () => string | null
  /** The key change is done but its audit row could not be written: the host says so its own way. */
  onAuditFailure: (err: unknown) => void
  onChange?: () => void
}

/**
 * Profiles and their keys as every surface uses them: one ProfileKeys over the profile files and the keychain, whose
 * key changes (rotation started, took effect, cancelled) are written to the profile's audit log with who did them.
 */
export function openProfileKeys(host: ProfileKeysHost): ProfileKeys {
  return new ProfileKeys({
    profiles: new ProfileStore(host.dataDir),
    vault: new Vault(host.secretStore),
    onChange: host.onChange,
    keyEvent: keyAuditWriter(host.dataDir, host.actor, () => host.person() ?? localPerson(), host.onAuditFailure),
  })
}

export { ProfileKeys, type ProfileKeysOptions } from './profile-keys'
export { testConnection, UNKNOWN_KEY_MESSAGE, type ConnectionProbe } from './connection-test'
export { quickStartSimulator, type EmbeddedSimulator, type QuickStartResult } from './quick-start'
export { registerSimulatorKey, DEMO_WORKSPACE_ID } from './simulator-console'
export { simulatorConsoleUrl } from './simulator-console'
