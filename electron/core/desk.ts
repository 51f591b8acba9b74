import { join } from 'node:path'
import { auditDoors } from './audit/module'
import { batchDoors } from './batch/module'
import { closeDoors } from './close/module'
import { deskLockModule } from './desk-lock/module'
import type { DeskLock } from './desk-lock/use-cases'
import type { DeskOptions } from './desk-options'
import { destinationDoors } from './destinations/module'
import { EventBus } from './event-bus'
import { historyDoors } from './history/module'
import { homeDoors } from './home/module'
import { Router } from './ipc/router'
import { keysModule } from './keys/module'
import type { ProfileKeys } from './keys/use-cases'
import { notifyDoors } from './notify/module'
import { payeeCheckDoors } from './payee-checks/module'
import { payoutDoors } from './payouts/module'
import { cancelListedPayouts } from './payouts/use-cases'
import { payRunDoors } from './pay-runs/module'
import { policyDoors } from './policy/module'
import { SessionHost } from './session'
import type { AppSettingsStore } from './settings'
import { shellModule } from './shell/module'
import { RotatingLog } from './shell/rotating-log'
import { settingsModule } from './settings/module'
import { KeyringSecretStore } from './vault'

export type { DeskOptions } from './desk-options'

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

/**
 * The composition root: builds the whole core behind one router (every shell, the demo and tests host this). Each
 * feature's module gives its doors; the desk hands it the ports it needs (the session host, the bus, the person at the
 * desk, the shell's dialogs) and builds none of a feature's parts itself.
 */
export async function createDesk(options: DeskOptions): Promise<Desk> {
  const { dataDir, chooseSavePath, printPage } = options
  const events = new EventBus()
  // Failures nobody waits for (a background lookup, a handler's unexpected error) go to <data>/logs.
  const file = new RotatingLog(join(dataDir, 'logs', 'payout-desk.log'))
  const log = {
    error: (message: string, detail?: unknown) => {
      file.error(message, detail)
      options.log?.error(message, detail)
    },
  }
  const secretStore = options.secretStore ?? new KeyringSecretStore()
  const shell = shellModule({ ...options, events })
  const settings = settingsModule(options)
  // The lock reads the profiles, so it is made after the keys: a key change asks it who is at the desk when it happens.
  let atDesk: () => string | null = () => null
  const { keys, doors: profileDoors } = keysModule({ ...options, secretStore, events, log, person: () => atDesk() })
  // Made before the session host: the lock holds the page's events and notices back while locked.
  const lock = await deskLockModule({
    dataDir,
    events,
    log,
    now: options.now,
    settings: settings.settings,
    profiles: keys.profiles,
  })
  atDesk = lock.person
  const notify = lock.notify(options.notify)
  const host = new SessionHost({
    dataDir,
    events,
    log,
    pacing: options.pacing,
    currentProfile: () => keys.profiles.current(),
    openSigner: (profile) => keys.vault.openSigner(profile),
    notify,
    secretStore: options.secretStore,
    now: options.now,
    ...options.tempo,
    reminderMinutes: settings.reminderMinutes,
    // The app's session runs the desk's background work (see SessionRole); the history sync is a setting.
    role: options.shell === 'browser-demo' ? 'demo' : 'app',
    syncHistory: options.historyInBackground === true,
  })
  // A profile's store for one write: the open session's when it serves that profile (one writer in this process).
  lock.storesReady((profile, work) => host.withProfileStore(profile, (store) => work(store)))
  const actor = lock.actor
  const { secondPerson } = lock

  const router = new Router(log)
    .guard(lock.guard)
    .register(shell.doors)
    .register(settings.doors)
    .register(profileDoors)
    .register(lock.doors)
    .register(homeDoors({ dataDir, profiles: keys.profiles }))
    .register(payoutDoors({ host, events, requestedBy: actor, chooseSavePath, printPage }))
    .register(batchDoors({ host, chooseSavePath, requestedBy: actor }))
    .register(policyDoors({ keys, host, person: lock.personOrLocal, secondPerson, fourEyes: lock.seat.policyFourEyes }))
    .register(historyDoors({ host, events, chooseSavePath }))
    .register(closeDoors({ host, acting: (store) => lock.seat.atDesk('close', store), chooseSavePath }))
    .register(destinationDoors({ host, events, chooseSavePath, addedBy: actor }))
    .register(auditDoors({ host, events, chooseSavePath }))
    .register(payRunDoors({ host, dataDir, actor }))
    .register(
      payeeCheckDoors({ host, cancelListed: cancelListedPayouts, events, actor, secondPerson, person: lock.person }),
    )
    .register(notifyDoors({ host, secretStore, actor, notify }))

  const disposers: Array<() => Promise<void> | void> = [
    shell.dispose,
    lock.dispose,
    events.subscribe((event) => {
      if (event === 'profiles.changed') void host.refresh()
    }),
    () => host.close(),
  ]
  return {
    router,
    events: lock.pageEvents,
    lock: lock.lock,
    keys,
    sessions: host,
    settings: settings.settings,
    async dispose() {
      for (const d of disposers.reverse()) await d()
    },
  }
}
