import { AsyncEntry, findCredentialsAsync } from '@napi-rs/keyring'
import { keychainUnavailable } from './keychain-unavailable'
import type { SecretStore } from './secret-store'
import { adoptSessionBus } from './session-bus'

export const KEYCHAIN_SERVICE = 'payout-desk'
// Long enough for the user to answer an unlock prompt; a dead Secret Service must not hang the app forever.
const KEYCHAIN_TIMEOUT_MS = 60_000

/** The OS keychain (Secret Service, macOS Keychain, Windows Credential Manager) via @napi-rs/keyring. */
export class KeyringSecretStore implements SecretStore {
  /** The last operation on each account: every read and write checks its answer in a second step, so one at a time. */
  private readonly busy = new Map<string, Promise<unknown>>()

  constructor(private readonly service = KEYCHAIN_SERVICE) {}

  get(account: string): Promise<string | null> {
    return this.oneAtATime(account, async () => {
      const value = await this.entry(account).getPassword(AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS))
      // The keyring answers from the kernel keyring when it reached no Secret Service (its silent fallback): an
      // answer, present or absent, is believed only when the Secret Service itself says the same.
      await this.proveHeld(account, value)
      return value
    })
  }

  set(account: string, value: string): Promise<void> {
    return this.oneAtATime(account, async () => {
      const entry = this.entry(account)
      await entry.setPassword(value, AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS))
      try {
        await this.proveHeld(account, value)
      } catch (err) {
        // Saved somewhere that is not the keychain (the fallback): take it back out, then refuse.
        await entry.deletePassword(AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS)).catch(() => undefined)
        throw err
      }
    })
  }

  delete(account: string): Promise<boolean> {
    return this.oneAtATime(account, async () => {
      const deleted = await this.entry(account).deletePassword(AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS))
      if (!deleted) await this.proveReachable()
      return deleted
    })
  }

  /**
   * A read that ran beside a write of the same account saw the write land between its answer and its check, and called
   * the keychain missing (the quick start's key was written while the window reloaded its profiles).
   */
  private oneAtATime<T>(account: string, op: () => Promise<T>): Promise<T> {
    const run = (this.busy.get(account) ?? Promise.resolve()).catch(() => undefined).then(() => guard(op))
    this.busy.set(account, run)
    void run
      .catch(() => undefined)
      .then(() => {
        if (this.busy.get(account) === run) this.busy.delete(account)
      })
    return run
  }

  private async proveReachable(): Promise<void> {
    await findCredentialsAsync(this.service, undefined, AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS))
  }

  /** The search goes to the Secret Service only (it has no fallback): it must hold exactly what we saved or read. */
  private async proveHeld(account: string, value: string | null): Promise<void> {
    const held = (await findCredentialsAsync(this.service, undefined, AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS))).find((c) => c.account === account)
    if ((held?.password ?? null) !== value) throw new Error('the Secret Service does not hold what the keyring answered')
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
  for (const pause of RESTART_PAUSES_MS) {
    try {
      return await op()
    } catch (err) {
      if (pause === null || !secretServiceWentAway(err)) throw keychainUnavailable()
    }
    await new Promise((resume) => setTimeout(resume, pause))
  }
  throw keychainUnavailable()
}

// gnome-keyring aborts now and then (a glib assertion under load). D-Bus starts it again at the next call, but the call
// in flight fails with a bus-level error, and until the bus has seen the old daemon go, so does the next: the call is
// made again while that lasts, about 1.5 s in all. A refusal (locked, prompt dismissed, timed out) is not asked
// again: the person would see the same prompt twice.
const WENT_AWAY = /disconnected from message bus|session does not exist|ServiceUnknown|NoReply|AccessDenied/i
const RESTART_PAUSES_MS = [100, 200, 400, 800, null] as const

function secretServiceWentAway(err: unknown): boolean {
  return err instanceof Error && WENT_AWAY.test(err.message)
}
