import { openProfileKeys, type ProfileKeys } from '../core/keys/use-cases'
import { profileDir, type Profile } from '../core/profiles'
import type { DeskStore } from '../core/store'
import { EventBus } from '../core/event-bus'
import { openProfileStore, withSession, type TreasurySession } from '../core/session'
import { KeyringSecretStore, type SecretStore } from '../core/vault'
import { DeskError } from '../core/errors'
import { shown } from '../../shared/text/visible-text'

export interface CliIo {
  out(text: string): void
  err(text: string): void
  /** All of stdin as text (secrets are read from here, never from argv). */
  readStdin(): Promise<string>
  /** Whether stdin is an interactive terminal. */
  stdinIsTty: boolean
  /** One line typed on the terminal. */
  readLine(): Promise<string>
  /** Asks `prompt` (on stderr) and reads one line typed on the terminal without echoing it. */
  readHiddenLine(prompt: string): Promise<string>
}

/** What every command gets: the data directory, output, and the core over it. */
export class CliContext implements CliIo {
  readonly out: (text: string) => void
  readonly err: (text: string) => void
  readonly readStdin: () => Promise<string>
  readonly stdinIsTty: boolean
  readonly readLine: () => Promise<string>
  readonly readHiddenLine: (prompt: string) => Promise<string>
  private profileKeys: ProfileKeys | undefined

  constructor(
    readonly home: string,
    io: CliIo,
    private readonly secretStore: () => SecretStore = () => new KeyringSecretStore(),
  ) {
    this.out = io.out
    this.err = io.err
    this.readStdin = io.readStdin
    this.stdinIsTty = io.stdinIsTty
    this.readLine = io.readLine
    this.readHiddenLine = io.readHiddenLine
  }

  get keys(): ProfileKeys {
    this.profileKeys ??= openProfileKeys({
      dataDir: this.home,
      secretStore: this.secretStore(),
      actor: 'cli',
      onAuditFailure: (err) =>
        this.err(
          `payout-desk: the key change is done, but the audit log could not record it: ` +
            `${shown((err as Error).message)}`,
        ),
    })
    return this.profileKeys
  }

  /** A profile by name (case-insensitive) or by id. */
  async profile(nameOrId: string): Promise<Profile> {
    try {
      return await this.keys.profiles.getByName(nameOrId)
    } catch (err) {
      if (!(err instanceof DeskError) || err.code !== 'profile_not_found') throw err
      return this.keys.profiles.get(nameOrId).catch(() => {
        throw err
      })
    }
  }

  /** Runs `work` on the profile's store, opened as the CLI and closed afterwards. */
  async withStore<T>(profile: Profile, work: (store: DeskStore) => T | Promise<T>): Promise<T> {
    const store = openProfileStore(profileDir(this.home, profile.id), 'cli')
    try {
      return await work(store)
    } finally {
      store.close()
    }
  }

  /**
   * Runs `work` with the profile's signing session (key from the keychain), over `store` when the command holds it
   * open, else over the profile's store opened for it. A CLI session starts nothing in the background.
   */
  withSession<T>(profile: Profile, work: (session: TreasurySession) => Promise<T>): Promise<T>
  withSession<T>(profile: Profile, store: DeskStore, work: (session: TreasurySession) => Promise<T>): Promise<T>
  withSession<T>(
    profile: Profile,
    storeOrWork: DeskStore | ((session: TreasurySession) => Promise<T>),
    maybeWork?: (session: TreasurySession) => Promise<T>,
  ): Promise<T> {
    const [store, work] = typeof storeOrWork === 'function' ? [undefined, storeOrWork] : [storeOrWork, maybeWork!]
    const options = { role: 'cli' as const, dataDir: this.home, events: new EventBus(), store }
    return withSession(profile, { ...options, openSigner: (p) => this.keys.vault.openSigner(p) }, work)
  }
}
