import { AsyncEntry, findCredentialsAsync } from '@napi-rs/keyring'
import { keychainUnavailable } from './keychain-unavailable'
import type { SecretStore } from './secret-store'
import { adoptSessionBus } from './session-bus'

export const KEYCHAIN_SERVICE = 'payout-desk'
// Long enough for the user to answer an unlock prompt; a dead Secret Service must not hang the app forever.
const KEYCHAIN_TIMEOUT_MS = 60_000

/** The OS keychain (Secret Service, macOS Keychain, Windows Credential Manager) via @napi-rs/keyring. */
export class KeyringSecretStore implements SecretStore {
  constructor(private readonly service = KEYCHAIN_SERVICE) {}

  get(account: string): Promise<string | null> {
    return guard(async () => {
      const value = await this.entry(account).getPassword(AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS))
      // The keyring answers "no such entry" also when it reached no Secret Service at all (it then falls back to the
      // kernel keyring): an absence is believed only once a search proves the service answers.
      if (value === null) await this.proveReachable()
      return value
    })
  }

  set(account: string, value: string): Promise<void> {
    return guard(() => this.entry(account).setPassword(value, AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS)))
  }

  delete(account: string): Promise<boolean> {
    return guard(async () => {
      const deleted = await this.entry(account).deletePassword(AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS))
      if (!deleted) await this.proveReachable()
      return deleted
    })
  }

  private async proveReachable(): Promise<void> {
    await findCredentialsAsync(this.service, undefined, AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS))
  }

  private entry(account: string): AsyncEntry {
    return new AsyncEntry(this.service, account)
  }
}

// Every keyring failure (no D-Bus, no daemon, locked, refused, timed out) means the same thing to the user;
// only a missing session bus is named, because the fix for it is a line in the MCP host's configuration.
async function guard<T>(op: () => Promise<T>): Promise<T> {
  // Before the keyring looks for the Secret Service: the process that started us may not have said where the bus is.
  const noBus = adoptSessionBus()
  // Without a bus the keyring is never asked: @napi-rs/keyring 2.x then silently keeps secrets in the kernel keyring
  // (in memory, gone at reboot, no Secret Service), which is no keychain at all.
  if (noBus) throw keychainUnavailable(noBus)
  try {
    return await op()
  } catch {
    throw keychainUnavailable()
  }
}
