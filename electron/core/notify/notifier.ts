import type { Profile } from '../profiles/profile'
import { notifyRepo, type DeskStore } from '../store'
import { KeyringSecretStore, type SecretStore } from '../vault'
import { announceNew } from './announce'
import { deliverDue } from './delivery'
import { NotifySecrets } from './notify-secrets'
import type { OsNotify } from './senders'

/** What the notifier needs of the session that runs it (a port: it never sees the session itself). */
export interface NotifierHost {
  profile: Profile
  store: DeskStore
  outbox: { onChange(listener: () => void): () => void }
  log: { error(message: string, err: unknown): void }
}

export interface NotifierOptions {
  notify?: OsNotify
  now?: () => Date
  actor?: string
  role?: string
  /** The keychain; tests may hand their own. */
  secretStore?: SecretStore
}

/** A look every few seconds is plenty for minutes-long reminders; an outbox change looks at once. */
const LOOK_EVERY_MS = 5_000
/** How long closing a session waits for what it has to say (a CLI command's payout) before it lets go. */
const CLOSE_WAIT_MS = 20_000
const APP_CLOSE_WAIT_MS = 2_000

/**
 * The profile's notification service, in every process that opens it: announces what this or another process
 * recorded, reminds and escalates, and delivers (with back-off) what is due, outside any payout's path. Closing it
 * makes one last pass, bounded, so the process that records a payout announces it before it is done.
 */
export class Notifier {
  private running: Promise<void> | null = null
  private again = false
  private closed = false
  private lastLook = 0
  private readonly unsubscribe: Array<() => void> = []
  private readonly secrets: NotifySecrets

  constructor(
    private readonly host: NotifierHost,
    private readonly options: NotifierOptions,
  ) {
    this.secrets = new NotifySecrets(options.secretStore ?? new KeyringSecretStore(), host.profile.id)
    this.unsubscribe.push(
      host.store.onTick(() => {
        if (Date.now() - this.lastLook >= LOOK_EVERY_MS) void this.look()
      }),
      host.outbox.onChange(() => void this.look()),
    )
    void this.look()
  }

  /** One pass now (or one more after the running one); failures go to the log, never to a payout. */
  look(): Promise<void> {
    if (this.closed) return Promise.resolve()
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = this.passes().finally(() => {
      this.running = null
    })
    return this.running
  }

  private async passes(): Promise<void> {
    do {
      this.again = false
      this.lastLook = Date.now()
      try {
        await this.pass()
      } catch (err) {
        this.host.log.error(`${this.host.profile.id}: notifying approvers failed`, err)
      }
    } while (this.again)
  }

  private async pass(): Promise<void> {
    const { store, profile } = this.host
    const repo = store.repo(notifyRepo)
    const state = store.read('read the notification channels', () => (repo.hasChannels() ? repo.settings() : null))
    if (!state?.since) return
    const now = (this.options.now ?? (() => new Date()))()
    const since = state.since
    // Looked at in a read first: a look that finds nothing new takes no write lock.
    if (store.read('look for news for approvers', () => announceNew(store, profile, state.settings, since, now, true)))
      store.transaction('announce payouts to approvers', () => announceNew(store, profile, state.settings, since, now))
    await deliverDue(
      {
        store,
        secrets: this.secrets,
        os: this.options.notify,
        now: this.options.now ?? (() => new Date()),
        actor: `notify (${this.options.actor ?? this.options.role ?? 'app'})`,
      },
      state.settings,
    )
  }

  /** A last pass (bounded), then no more: the store may close after this. */
  async close(): Promise<void> {
    for (const u of this.unsubscribe) u()
    const last = this.look()
    this.closed = true
    // The app runs on and retries at its next opening; a switch of profile waits for no slow channel.
    const wait = this.options.role === 'app' || this.options.role === 'demo' ? APP_CLOSE_WAIT_MS : CLOSE_WAIT_MS
    await Promise.race([last, new Promise((resolve) => setTimeout(resolve, wait).unref())])
  }
}

/** The session's one line: a notifier for the profile it opened. */
export function openNotifier(host: NotifierHost, options: NotifierOptions): Notifier {
  return new Notifier(host, options)
}
