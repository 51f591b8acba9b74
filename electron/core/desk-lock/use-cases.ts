import { who } from '../audit/who'
import type { EventBus } from '../event-bus'
import type { RouterLog } from '../ipc/router'
import type { TreasurySession } from '../session'
import { DeskLock } from './desk-lock'
import { deskLockHandlers } from './handlers'
import { lockAudit } from './lock-audit'
import { deskLockedNow, writeLockState } from './lock-state-file'
import { lockedNotify, pageEvents } from './page-events'
import { deskPeople } from './people-adapter'
import { unlockTriesFile } from './unlock-tries-file'
import type { PeoplePort } from './people-port'

/** How often the idle time is looked at: a lock comes at most this late. */
const IDLE_CHECK_MS = 15_000

export interface DeskLockOptions {
  dataDir: string
  people: PeoplePort
  events: EventBus
  log: RouterLog
  session(): Promise<TreasurySession>
  isProduction(input: unknown): Promise<boolean>
  now?: () => number
  idleMinutes?: number
  presenceMinutes?: number
}

/** The lock, its IPC handlers, the events the page may hear, and the idle timer. */
export async function openDeskLock(options: DeskLockOptions) {
  const lock = new DeskLock({
    people: options.people,
    now: options.now,
    idleMinutes: options.idleMinutes,
    presenceMinutes: options.presenceMinutes,
    isProduction: options.isProduction,
    tries: unlockTriesFile(options.dataDir),
    audit: lockAudit(options.session, options.log),
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
    handlers: deskLockHandlers({ lock, people: options.people }),
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
