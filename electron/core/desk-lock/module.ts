import type { ChannelName } from '../../../shared/ipc/channels'
import { localPerson, who } from '../audit/use-cases'
import type { EventBus } from '../event-bus'
import type { RouterLog } from '../ipc/router'
import { auditDeskEvent, secondPersonAtDesk, type DeskEvent, type WithProfileStore } from '../people/use-cases'
import type { ProfileStore } from '../profiles'
import type { AppSettingsStore } from '../settings'
import { DeskLock } from './desk-lock'
import { deskLockHandlers } from './handlers'
import { lockAudit } from './lock-audit'
import { writeLockState } from './lock-state-file'
import { lockTimes } from './lock-times'
import { lockedNotify, pageEvents } from './page-events'
import { deskPeople } from './people-adapter'
import { secondAtDesk } from './second-at-desk'
import { unlockTriesFile } from './unlock-tries-file'
import { viewOnlyGate } from './view-only-gate'

/** How often the idle time is looked at: a lock comes at most this late. */
const IDLE_CHECK_MS = 15_000

export interface DeskLockPorts {
  dataDir: string
  events: EventBus
  log: RouterLog
  /** Where the lock's idle and re-ask minutes are kept (the desk's settings). */
  settings: AppSettingsStore
  profiles: ProfileStore
  now?: () => Date
}

/**
 * The desk-lock feature: the lock with its idle timer, its doors (the lock's, People's and the seat's), the gate every
 * IPC call passes (the lock's, then a view-only profile's), the events the page may hear, and who acts at the desk.
 */
export async function deskLockModule(ports: DeskLockPorts) {
  const { dataDir, events, log, profiles } = ports
  const people = deskPeople(dataDir)
  // The profiles' stores come from the sessions, built after the lock (which locks on start): rows wait for them.
  let storesReady: (stores: WithProfileStore) => void = () => undefined
  const ready = new Promise<WithProfileStore>((resolve) => (storesReady = resolve))
  const stores: WithProfileStore = async (profile, work) => (await ready)(profile, work)
  const audit = async (event: Omit<DeskEvent, 'surface'>) => {
    const written = await auditDeskEvent(dataDir, stores, { ...event, surface: 'app' }).catch((err: unknown) => {
      log.error(`${event.path}: not in every profile's audit log`, err)
      return 1
    })
    if (written === 0) log.error(`${event.path} (${event.by ?? 'nobody'}): no profile, so no audit log`)
  }
  const lock = new DeskLock({
    people,
    now: ports.now ? () => ports.now!().getTime() : undefined,
    isProduction: async (input) => {
      const id = typeof input === 'object' && input !== null ? (input as { profileId?: unknown }).profileId : null
      const profile =
        typeof id === 'string' ? (await profiles.list()).find((p) => p.id === id) : await profiles.current()
      return profile?.environment === 'production'
    },
    tries: unlockTriesFile(dataDir),
    times: async () => {
      const t = await lockTimes(ports.settings).catch(() => null)
      return t ? { idleMinutes: t.idleMinutes, presenceMinutes: t.reaskMinutes } : {}
    },
    audit: lockAudit(dataDir, ready, log),
    onChange: ({ locked, person }) => {
      events.emit('lock.changed', { locked })
      // For the connector's setting "refuse write tools while locked".
      writeLockState(dataDir, person !== null).catch((err: unknown) =>
        log.error('the desk lock state file could not be written', err),
      )
    },
  })
  await lock.start()
  const page = pageEvents(events, () => lock.locked)
  const timer = setInterval(() => lock.tick(), IDLE_CHECK_MS)
  timer.unref()
  const seat = secondAtDesk(dataDir, lock)
  const viewOnly = viewOnlyGate(profiles, stores)
  return {
    lock,
    doors: deskLockHandlers({ lock, people, settings: ports.settings, profiles, stores, seat, audit }),
    /** The one gate of every IPC call: the lock's, then a view-only profile's refusal of writes. */
    guard: async (channel: ChannelName, input: unknown) => {
      await lock.gate(channel, input)
      await viewOnly(channel, input)
    },
    /** Who the app's acts name: the person at the desk, or the OS user on a desk without people. */
    actor: () => who('app', lock.atDesk?.name),
    /** The name of the person at the desk, once it has people. */
    person: () => lock.atDesk?.name ?? null,
    /** The person at the desk, or the OS user's name on a desk without people. */
    personOrLocal: () => lock.atDesk?.name ?? localPerson(),
    /** The four eyes of one seat, for the policy's doors. */
    seat,
    /** Four eyes in the app: the person the lock let in does not finish what they started (people/use-cases). */
    secondPerson: secondPersonAtDesk(dataDir, () => lock.atDesk),
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

export type DeskLockModule = Awaited<ReturnType<typeof deskLockModule>>
