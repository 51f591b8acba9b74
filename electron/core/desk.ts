import { join } from 'node:path'
import { DEFAULT_APPROVAL_REMINDER_MINUTES } from '../../shared/ipc/channels/settings'
import type { PacerOptions } from './api/pacer'
import { appHandlers } from './app-handlers'
import { copyAddressHandler, type ShellClipboard } from './shell/copy-address'
import { activityHandlers } from './audit/handlers'
import type { Shell } from './app-info'
import { EventBus } from './event-bus'
import { closeHandlers } from './close/handlers'
import { historyDoors } from './history/module'
import { destinationHandlers } from './destinations/handlers'
import { deskPeople, openDeskLock, type DeskLock } from './desk-lock/use-cases'
import { viewOnlyGate } from './desk-lock/view-only-gate'
import { counterpartyHandlers } from './destinations/counterparty-handlers'
import { homeHandlers } from './home/home-handlers'
import { Router, type RouterLog } from './ipc/router'
import { profileHandlers } from './keys/profile-handlers'
import { openProfileKeys, type EmbeddedSimulator, type ProfileKeys } from './keys/use-cases'
import { RotatingLog } from './shell/rotating-log'
import { policyDoors } from './policy/module'
import { payeeCheckHandlers } from './payee-checks/handlers'
import { secondPersonAtDesk, type WithProfileStore } from './people/use-cases'
import { localPerson } from './audit/use-cases'
import { AppSettingsStore, settingsHandlers } from './settings'
import { SessionHost, type SessionDeps } from './session'
import { payRunSendHandlers } from './pay-runs/handlers'
import { batchDoors } from './batch/module'
import { payRunHandlers } from './pay-runs/run-handlers'
import { invoiceHandlers } from './pay-runs/invoice-handlers'
import { payoutDoors } from './payouts/module'
import { cancelListedPayouts, type Notify } from './payouts/use-cases'
import { notifyHandlers } from './notify/handlers'
import { KeyringSecretStore, type SecretStore } from './vault'

export interface DeskOptions {
  /** The app's data directory: Electron's userData, `--home`, or a test's temp dir. */
  dataDir: string
  shell: Shell
  version: string
  /**
   * The key's request budget; benches against a simulator without a limit raise it. The provider's 120 a minute
   * otherwise.
   */
  pacing?: Pick<PacerOptions, 'limit' | 'windowSeconds'>
  /** Also told of every failure the data folder's log file keeps (the Electron shell: stderr). */
  log?: RouterLog
  /** The keychain; tests may inject a failing store. The product always uses the OS keychain. */
  secretStore?: SecretStore
  /** Starts (or returns) the embedded simulator; injected by the shell. */
  embeddedSimulator?: EmbeddedSimulator
  /** Opens a URL in the system browser; injected by the shell, which guards the URL. */
  openExternal?: (url: string) => Promise<void>
  /** Desktop notification for payout status changes; injected by the Electron shell. */
  notify?: Notify
  /** Save dialog for CSV exports (null when cancelled); injected by the shell. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
  /** The window as a PDF (a payout's receipt on screen); injected by the Electron shell. */
  printPage?: () => Promise<Uint8Array>
  /** Hides the window from screen capture (or shows it again); injected by the Electron shell. */
  applyContentProtection?: (enabled: boolean) => void
  /**
   * The system clipboard: addresses the app copies are written and watched for a swap; injected by the Electron shell.
   */
  clipboard?: ShellClipboard
  /** Keeps the open profile's history ledger synced in the background (the app and the demo; tests ask for it). */
  historyInBackground?: boolean
  /** The sessions' clock (outbox times, hold expiry, wait reminders); tests move it, the app uses the real one. */
  now?: () => Date
  /** How soon requests are retried and payouts followed; tests shorten them to wait less real time. */
  tempo?: Pick<SessionDeps, 'poller' | 'batchFollow' | 'sender'>
}

export interface Desk {
  router: Router
  /** What the page hears: while the desk is locked, nothing but the lock's own events. */
  events: EventBus
  /** Who is at the desk; the shell locks it on the system's lock screen and suspend and lends it the idle time. */
  lock: DeskLock
  /** Profiles with their keys: the current profile, and `keys.vault.openSigner(profile)` for signed calls. */
  keys: ProfileKeys
  /** The open profile's API client, outbox, poller and audit log. */
  sessions: SessionHost
  /** The app's own settings (`<data>/settings.json`). */
  settings: AppSettingsStore
  dispose(): Promise<void>
}

/** Builds the whole core behind one router: every shell (Electron, demo, tests) hosts this. */
export async function createDesk(options: DeskOptions): Promise<Desk> {
  const events = new EventBus()
  // Failures nobody waits for (a background lookup, a handler's unexpected error) go to <data>/logs.
  const file = new RotatingLog(join(options.dataDir, 'logs', 'payout-desk.log'))
  const log = {
    error: (message: string, detail?: unknown) => {
      file.error(message, detail)
      options.log?.error(message, detail)
    },
  }
  const router = new Router(log)
  const disposers: Array<() => Promise<void> | void> = []

  const copyAddress = copyAddressHandler(options.clipboard, events)
  disposers.push(copyAddress.dispose)
  router.register(appHandlers(options.shell, options.version, copyAddress.copy))
  const settings = new AppSettingsStore(options.dataDir)
  router.register(settingsHandlers({ settings, applyContentProtection: options.applyContentProtection }))

  const keys = openProfileKeys({
    dataDir: options.dataDir,
    secretStore: options.secretStore ?? new KeyringSecretStore(),
    actor: 'app',
    onChange: () => events.emit('profiles.changed', {}),
    onAuditFailure: (err) => log.error('recording a key rotation in the audit log failed', err),
  })
  router.register(
    profileHandlers({ keys, embeddedSimulator: options.embeddedSimulator, openExternal: options.openExternal }),
  )

  // The lock writes its audit rows through the profile's session, and is made before the session host (its notices).
  const deskLock = await openDeskLock({
    dataDir: options.dataDir,
    people: deskPeople(options.dataDir),
    events,
    log,
    settings,
    profiles: keys.profiles,
    now: options.now ? () => options.now!().getTime() : undefined,
    isProduction: async (input) => {
      const id = typeof input === 'object' && input !== null ? (input as { profileId?: unknown }).profileId : null
      const profile =
        typeof id === 'string' ? (await keys.profiles.list()).find((p) => p.id === id) : await keys.profiles.current()
      return profile?.environment === 'production'
    },
  })
  disposers.push(deskLock.dispose)
  // A profile's store for one write: the open session's when it serves that profile (one writer in this process).
  const stores: WithProfileStore = (profile, work) => sessions.withProfileStore(profile, (store) => work(store))
  const viewOnly = viewOnlyGate(keys.profiles, stores)
  router.guard(async (channel, input) => {
    await deskLock.lock.gate(channel, input)
    await viewOnly(channel, input)
  })
  router.register(deskLock.handlers)

  const sessions = new SessionHost({
    dataDir: options.dataDir,
    events,
    log,
    pacing: options.pacing,
    currentProfile: () => keys.profiles.current(),
    openSigner: (profile) => keys.vault.openSigner(profile),
    notify: deskLock.notify(options.notify),
    secretStore: options.secretStore,
    now: options.now,
    ...options.tempo,
    // Read on every look, so a new threshold applies at once; a damaged settings file (reported by Settings) uses the
    // default.
    reminderMinutes: () =>
      settings.read().then(
        (s) => s.approvalReminderMinutes ?? DEFAULT_APPROVAL_REMINDER_MINUTES,
        () => DEFAULT_APPROVAL_REMINDER_MINUTES,
      ),
    // The app's session runs the desk's background work (see SessionRole); the history sync is a setting.
    role: options.shell === 'browser-demo' ? 'demo' : 'app',
    syncHistory: options.historyInBackground === true,
  })
  deskLock.storesReady(stores)
  // Four eyes in the app: the person the lock let in does not finish what they started (people/use-cases).
  const secondPerson = secondPersonAtDesk(options.dataDir, () => deskLock.lock.atDesk)
  router.register(counterpartyHandlers({ host: sessions, addedBy: deskLock.actor }))
  const { chooseSavePath, printPage } = options
  router.register(payoutDoors({ host: sessions, events, requestedBy: deskLock.actor, chooseSavePath, printPage }))
  router.register(batchDoors({ host: sessions, chooseSavePath, requestedBy: deskLock.actor }))
  router.register(
    policyDoors({
      keys,
      host: sessions,
      person: () => deskLock.lock.atDesk?.name ?? localPerson(),
      secondPerson,
      fourEyes: deskLock.seat.policyFourEyes,
    }),
  )
  router.register(historyDoors({ host: sessions, events, chooseSavePath }))
  router.register(
    closeHandlers({
      host: sessions,
      acting: (store) => deskLock.seat.atDesk('close', store),
      chooseSavePath,
    }),
  )
  router.register(homeHandlers(options.dataDir, keys.profiles))
  router.register(destinationHandlers({ host: sessions, events, chooseSavePath }))
  router.register(activityHandlers({ host: sessions, events, chooseSavePath }))
  router.register(payRunHandlers({ host: sessions }))
  router.register(payRunSendHandlers({ host: sessions }))
  router.register(invoiceHandlers({ host: sessions, dataDir: options.dataDir }))
  router.register(
    payeeCheckHandlers({
      host: sessions,
      cancelListed: cancelListedPayouts,
      events,
      actor: deskLock.actor,
      secondPerson,
      person: () => deskLock.lock.atDesk?.name ?? null,
    }),
  )
  router.register(
    notifyHandlers({
      host: sessions,
      secretStore: options.secretStore ?? new KeyringSecretStore(),
      actor: deskLock.actor,
      notify: deskLock.notify(options.notify),
    }),
  )
  disposers.push(
    events.subscribe((event) => {
      if (event === 'profiles.changed') void sessions.refresh()
    }),
    () => sessions.close(),
  )

  return {
    router,
    events: deskLock.pageEvents,
    lock: deskLock.lock,
    keys,
    sessions,
    settings,
    async dispose() {
      for (const d of disposers.reverse()) await d()
    },
  }
}
