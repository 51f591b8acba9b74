import { openProfileKeys, type ProfileKeys } from '../core/keys/use-cases'
import { profileDir, type Profile } from '../core/profiles'
import type { DeskStore } from '../core/store'
import { EventBus } from '../core/event-bus'
import { openProfileStore, withSession, type ProfileSession } from '../core/session'
import { KeyringSecretStore, type SecretStore } from '../core/vault'
import { DeskError } from '../core/errors'
import { shown } from '../../shared/text/visible-text'
import {
  authorizeAct,
  verifyPerson,
  type Acting,
  type ScryptCost,
  type VerifiedPerson,
  type WriteAct,
} from '../core/people/use-cases'

/** The global `--as NAME` and `--passphrase-stdin`: who acts, and whether passphrases come as lines on stdin. */
export interface ActAs {
  name: string | null
  passphraseStdin: boolean
}

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
  readonly stdinIsTty: boolean
  readonly readLine: () => Promise<string>
  readonly readHiddenLine: (prompt: string) => Promise<string>
  private profileKeys: ProfileKeys | undefined
  private stdin: { text: Promise<string>; taken: number } | undefined
  private person: Promise<VerifiedPerson | null> | undefined
  /** Who this command's requests name in the audit log, once a person acted. */
  private actor: string | undefined
  private actingName: string | null = null

  constructor(
    readonly home: string,
    private readonly io: CliIo,
    private readonly secretStore: () => SecretStore = () => new KeyringSecretStore(),
    readonly actAs: ActAs = { name: null, passphraseStdin: false },
    /** Tests only: the cost of the passphrase hashes this command makes (RunOptions). */
    readonly passphraseCost?: ScryptCost,
  ) {
    this.out = io.out
    this.err = io.err
    this.stdinIsTty = io.stdinIsTty
    this.readLine = io.readLine
    this.readHiddenLine = io.readHiddenLine
  }

  /** All of stdin as text, but for the passphrase lines `--passphrase-stdin` took from its start. */
  readonly readStdin = async (): Promise<string> => {
    this.stdin ??= { text: this.io.readStdin(), taken: 0 }
    return (await this.stdin.text).slice(this.stdin.taken)
  }

  /**
   * A passphrase: the next line of stdin with `--passphrase-stdin` (the acting person's first, before anything else
   * the command reads there), else asked on the terminal without echo. Never from argv.
   */
  async passphrase(prompt: string): Promise<string> {
    if (this.actAs.passphraseStdin) {
      this.stdin ??= { text: this.io.readStdin(), taken: 0 }
      const text = await this.stdin.text
      const end = text.indexOf('\n', this.stdin.taken)
      const line = text.slice(this.stdin.taken, end === -1 ? text.length : end).replace(/\r$/, '')
      this.stdin.taken = end === -1 ? text.length : end + 1
      if (line === '') throw new DeskError('invalid_input', 'A passphrase line on stdin is missing or empty.')
      return line
    }
    if (!this.stdinIsTty)
      throw new DeskError(
        'person_required',
        'No terminal to ask the passphrase on: give --passphrase-stdin with the passphrase as a line on stdin.',
      )
    return this.readHiddenLine(prompt)
  }

  /** The person `--as` names, passphrase checked (asked once per command); null without `--as`. */
  actingPerson(): Promise<VerifiedPerson | null> {
    const name = this.actAs.name
    this.person ??= name
      ? this.passphrase(`Passphrase for ${shown(name)}: `).then((p) => verifyPerson(name, p, this.home))
      : Promise.resolve(null)
    return this.person
  }

  /**
   * The one door of every CLI write: who acts (`--as`), checked by the core's act guard against their role and the
   * profile's view-only mark. Its `by` is what the command stores as "who"; the session's requests name it too.
   */
  async acting(act: WriteAct, profile?: Profile, store?: DeskStore): Promise<Acting> {
    const person = await this.actingPerson()
    const ask = { dataDir: this.home, surface: 'cli' as const, person, act }
    const acting = profile
      ? await (store
          ? authorizeAct({ ...ask, store })
          : this.withStore(profile, (s) => authorizeAct({ ...ask, store: s })))
      : await authorizeAct({ ...ask, store: null })
    if (acting.person) {
      this.actor = acting.by
      this.actingName = acting.person.name
    }
    return acting
  }

  /**
   * A second person at the same terminal (four eyes on a loosening): their passphrase is asked after the acting
   * person's (the next stdin line), and they may write (a treasurer or an admin). Their name.
   */
  async secondPerson(name: string): Promise<string> {
    const person = await verifyPerson(name, await this.passphrase(`Passphrase for ${shown(name)}: `), this.home)
    return (await authorizeAct({ dataDir: this.home, surface: 'cli', person, act: 'release', store: null })).name
  }

  /** The OS keychain, where notification channels' URLs and passwords live beside the profile's key. */
  get secrets(): SecretStore {
    return this.secretStore()
  }

  get keys(): ProfileKeys {
    this.profileKeys ??= openProfileKeys({
      dataDir: this.home,
      secretStore: this.secretStore(),
      actor: 'cli',
      person: () => this.actingName,
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
  withSession<T>(profile: Profile, work: (session: ProfileSession) => Promise<T>): Promise<T>
  withSession<T>(profile: Profile, store: DeskStore, work: (session: ProfileSession) => Promise<T>): Promise<T>
  withSession<T>(
    profile: Profile,
    storeOrWork: DeskStore | ((session: ProfileSession) => Promise<T>),
    maybeWork?: (session: ProfileSession) => Promise<T>,
  ): Promise<T> {
    const [store, work] = typeof storeOrWork === 'function' ? [undefined, storeOrWork] : [storeOrWork, maybeWork!]
    const options = { role: 'cli' as const, actor: this.actor, dataDir: this.home, events: new EventBus(), store }
    return withSession(profile, { ...options, openSigner: (p) => this.keys.vault.openSigner(p) }, work)
  }
}
