import { who } from '../audit/use-cases'
import type { EventBus } from '../event-bus'
import type { RouterLog } from '../ipc/router'
import { auditDeskEvent, type DeskEvent, type WithProfileStore } from '../people/use-cases'
import type { ProfileStore } from '../profiles'
import { AppSettingsStore } from '../settings'
import { DeskLock } from './desk-lock'
import { deskLockHandlers } from './handlers'
import { lockAudit } from './lock-audit'
import { deskLockedNow, writeLockState } from './lock-state-file'
import { lockedNotify, pageEvents } from './page-events'
import { deskPeople } from './people-adapter'
import { unlockTriesFile } from './unlock-tries-file'
import type { PeoplePort } from './people-port'
import { lockTimes, setLockTimes } from './lock-times'
import { secondAtDesk } from './second-at-desk'

/** How often the idle time is looked at: a lock comes at most this late. */
const IDLE_CHECK_MS = 15_000

export interface DeskLockOptions {
  dataDir: string
  people: PeoplePort
  events: EventBus
  log: RouterLog
  /** Where the lock's idle and re-ask minutes are kept (the desk's settings). */
  settings: AppSettingsStore
  profiles: ProfileStore
  isProduction(input: unknown): Promise<boolean>
  now?: () => number
  idleMinutes?: number
  presenceMinutes?: number
}

/** The lock, its IPC handlers, the events the page may hear, and the idle timer. */
export async function openDeskLock(options: DeskLockOptions) {
  // The profiles' stores come from the sessions, built after the lock (which locks on start): rows wait for them.
  let storesReady: (stores: WithProfileStore) => void = () => undefined
  const ready = new Promise<WithProfileStore>((resolve) => (storesReady = resolve))
  const stores: WithProfileStore = async (profile, work) => (await ready)(profile, work)
  const audit = async (event: Omit<DeskEvent, 'surface'>) => {
    const written = await auditDeskEvent(options.dataDir, stores, { ...event, surface: 'app' }).catch(
      (err: unknown) => {
        options.log.error(`${event.path}: not in every profile's audit log`, err)
        return 1
      },
    )
    if (written === 0) options.log.error(`${event.path} (${event.by ?? 'nobody'}): no profile, so no audit log`)
  }
  const lock = new DeskLock({
    people: options.people,
    now: options.now,
    idleMinutes: options.idleMinutes,
    presenceMinutes: options.presenceMinutes,
    isProduction: options.isProduction,
    tries: unlockTriesFile(options.dataDir),
    times: async () => {
      const t = await lockTimes(options.settings).catch(() => null)
      return t ? { idleMinutes: t.idleMinutes, presenceMinutes: t.reaskMinutes } : {}
    },
    audit: lockAudit(options.dataDir, ready, options.log),
    onChange: ({ locked, person }) => {
      options.events.emit('lock.changed', { locked })
      // For the connector's setting "refuse write tools while locked".
      writeLockState(options.dataDir, person !== null).catch((err: unknown) =>
        options.log.error('the desk lock state file could not be written', err),
      )
    },
  })
  await lock.start()
  const page = pageEvents(options.events, () => lock.locked)
  const timer = setInterval(() => lock.tick(), IDLE_CHECK_MS)
  timer.unref()
  return {
    lock,
    /** Who the app's acts name: the person at the desk, or the OS user on a desk without people. */
    actor: () => who('app', lock.atDesk?.name),
    handlers: deskLockHandlers({
      lock,
      people: options.people,
      settings: options.settings,
      profiles: options.profiles,
      stores,
      seat: secondAtDesk(options.dataDir, lock),
      audit,
    }),
    /** The four eyes of one seat, for the policy's handlers. */
    seat: secondAtDesk(options.dataDir, lock),
    /** The desk's sessions exist: the lock's audit rows (and people's) can be written. */
    storesReady: (s: WithProfileStore) => storesReady(s),
    pageEvents: page.events,
    notify: (notify: ((title: string, body: string) => void) | undefined) => lockedNotify(notify, () => lock.locked),
    dispose: () => {
      clearInterval(timer)
      page.dispose()
    },
  }
}

export { DeskLock, type LockReason } from './desk-lock'
export type { PeoplePort } from './people-port'
export { deskPeople }

/** Whether the desk is locked as a process other than the app sees it (the agent's connector). */
export const isDeskLocked = (dataDir: string): Promise<boolean> => deskLockedNow(dataDir, deskPeople(dataDir))

/** The desk's lock times (`<data>/settings.json`), as the CLI reads and sets them. */
export const deskLockTimes = (dataDir: string) => lockTimes(new AppSettingsStore(dataDir))
export const setDeskLockTimes = (dataDir: string, change: Parameters<typeof setLockTimes>[1]) =>
  setLockTimes(new AppSettingsStore(dataDir), change)
