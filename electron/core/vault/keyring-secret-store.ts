import { AsyncEntry, findCredentialsAsync } from '@napi-rs/keyring'
import { DeskError } from '../errors'
import { keychainSlow, keychainUnavailable } from './keychain-unavailable'
import type { SecretStore } from './secret-store'
import { adoptSessionBus } from './session-bus'

export const KEYCHAIN_SERVICE = 'payout-desk'
// Long enough for the user to answer an unlock prompt; a dead Secret Service must not hang the app forever.
const KEYCHAIN_TIMEOUT_MS = 60_000

/**
 * The OS keychain (Secret Service, macOS Keychain, Windows Credential Manager) via @napi-rs/keyring.
 *
 * The keyring's entry calls give up after 2 s without an answer, and a loaded machine starves the Secret Service longer
 * than that. Its search waits, so it is what reads, and what tells whether a write that gave up landed after all: a
 * late
 * keychain is waited for (up to the timeout, then said to be slow), never called missing.
 */
export class KeyringSecretStore implements SecretStore {
  /** The last operation on each account: every write checks its answer in a second step, so one at a time. */
  private readonly busy = new Map<string, Promise<unknown>>()
  private readonly entries = new Map<string, AsyncEntry>()

  constructor(
    private readonly service = KEYCHAIN_SERVICE,
    private readonly timeoutMs = KEYCHAIN_TIMEOUT_MS,
  ) {}

  /** The search goes to the Secret Service only: the keyring's kernel-keyring fallback never answers a read. */
  get(account: string): Promise<string | null> {
    return this.oneAtATime(account, () => this.held(account))
  }

  set(account: string, value: string): Promise<void> {
    return this.oneAtATime(account, async () => {
      for (const pause of RETRY_PAUSES_MS) {
        const wrote = await this.entry(account)
          .setPassword(value)
          .then(() => true, this.giveUpUnlessLate(account))
        if ((await this.held(account)) === value) return
        if (wrote) {
          // Saved somewhere that is not the keychain (the fallback): take it back out, then refuse.
          await this.entry(account)
            .deletePassword()
            .catch(() => undefined)
          throw keychainUnavailable()
        }
        // The write went with a Secret Service that went away: write again to the one D-Bus starts in its place.
        if (pause !== null) await sleep(pause)
      }
      throw keychainUnavailable()
    })
  }

  delete(account: string): Promise<boolean> {
    return this.oneAtATime(account, async () => {
      for (const pause of RETRY_PAUSES_MS) {
        const deleted = await this.entry(account).deletePassword().catch(this.giveUpUnlessLate(account))
        // Deleted; or nothing to delete (the search proves the keychain answered); or a delete that gave up (null) but
        // landed after all. The account's entry, which holds a D-Bus connection until collected, is let go.
        if (deleted === true || (await this.held(account)) === null) {
          this.entries.delete(account)
          return deleted !== false
        }
        if (pause !== null) await sleep(pause)
      }
      throw keychainUnavailable()
    })
  }

  /** Not one account at a time: the search reads the whole service, so it waits for no write in flight. */
  accounts(): Promise<string[]> {
    return withDeadline(
      guard(async () => (await this.search()).map((c) => c.account)),
      this.timeoutMs,
    )
  }

  /**
   * A read that ran beside a write of the same account saw the write land between its answer and its check, and called
   * the keychain missing (the quick start's key was written while the window reloaded its profiles). The caller hears
   * within the timeout; the next operation on the account still waits for the late one to settle.
   */
  private oneAtATime<T>(account: string, op: () => Promise<T>): Promise<T> {
    const run = (this.busy.get(account) ?? Promise.resolve()).catch(() => undefined).then(() => guard(op))
    this.busy.set(account, run)
    void run
      .catch(() => undefined)
      .then(() => {
        if (this.busy.get(account) === run) this.busy.delete(account)
      })
    return withDeadline(run, this.timeoutMs)
  }

  /**
   * The search lists the service's items, then reads each: an item deleted between the two (another profile's key
   * removed beside this call) fails the whole search, and a search made again no longer lists it.
   */
  private async held(account: string): Promise<string | null> {
    return (await this.search()).find((c) => c.account === account)?.password ?? null
  }

  private async search(): Promise<Array<{ account: string; password: string }>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await findCredentialsAsync(this.service, undefined)
      } catch (err) {
        if (attempt === SEARCH_ATTEMPTS || !(err instanceof Error && ITEM_GONE.test(err.message))) throw err
      }
    }
  }

  private entry(account: string): AsyncEntry {
    let entry = this.entries.get(account)
    if (!entry) this.entries.set(account, (entry = new AsyncEntry(this.service, account)))
    return entry
  }

  /**
   * An entry call that gave up answers null; the search then says what the keychain holds. The entry is kept while the
   * Secret Service is only late (a fresh one was refused, AccessDenied, for as long as a stopped service was retried)
   * and
   * made anew after the service went away (the old one would keep talking to the daemon that died).
   */
  private giveUpUnlessLate(account: string): (err: unknown) => null {
    return (err) => {
      if (!lateOrWentAway(err)) throw err
      if (!(err instanceof Error && LATE.test(err.message))) this.entries.delete(account)
      return null
    }
  }
}

// Every keyring failure (no D-Bus, no daemon, locked, refused) means the same thing to the user; only a missing session
// bus is named, because the fix for it is a line in the MCP host's configuration.
async function guard<T>(op: () => Promise<T>): Promise<T> {
  // Before the keyring looks for the Secret Service: the process that started us may not have said where the bus is.
  const noBus = adoptSessionBus()
  // Without a bus the keyring is never asked: @napi-rs/keyring 2.x then silently keeps secrets in the kernel keyring
  // (in memory, gone at reboot, no Secret Service), which is no keychain at all.
  if (noBus) throw keychainUnavailable(noBus)
  for (const pause of RETRY_PAUSES_MS) {
    try {
      return await op()
    } catch (err) {
      if (pause === null || !lateOrWentAway(err)) throw err instanceof DeskError ? err : keychainUnavailable(null, err)
    }
    await sleep(pause)
  }
  throw keychainUnavailable()
}

/** A keychain that has not answered within `ms` is there but slow: said so, with its answer left to settle. */
function withDeadline<T>(run: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(keychainSlow(ms)), ms)
  })
  return Promise.race([run, late]).finally(() => clearTimeout(timer))
}

// gnome-keyring aborts now and then (a glib assertion under load). D-Bus starts it again at the next call, but the call
// in flight fails with a bus-level error, and until the bus has seen the old daemon go, so does the next: the call is
// made again while that lasts, about 1.5 s in all; so is a call whose secret was wrapped in a session the daemon no
// longer has (one the old daemon opened, or closed with a connection of a neighbouring call). A refusal (locked, prompt
// dismissed) is not asked again: the person would see the same prompt twice.
const WENT_AWAY =
  /disconnected from message bus|session (wrapping the secret )?does not exist|ServiceUnknown|NoReply|AccessDenied/i
/** How the keyring's entry calls give up on a Secret Service that is there but has not answered within 2 s. */
const LATE = /did not receive a reply/i
const RETRY_PAUSES_MS = [100, 200, 400, 800, null] as const
/** How a search says an item it listed was deleted before it was read. */
const ITEM_GONE = /Object does not exist at path|No such interface .+ on object at path/i
const SEARCH_ATTEMPTS = 20

function lateOrWentAway(err: unknown): boolean {
  return err instanceof Error && (WENT_AWAY.test(err.message) || LATE.test(err.message))
}

function sleep(ms: number): Promise<void> {
  return new Promise((resume) => setTimeout(resume, ms))
}
