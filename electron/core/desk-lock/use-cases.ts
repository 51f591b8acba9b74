import { AppSettingsStore } from '../settings'
import { deskLockedNow } from './lock-state-file'
import { deskPeople } from './people-adapter'
import { lockTimes, setLockTimes } from './lock-times'

/** The desk lock as the other surfaces see it; the app's lock, doors and gate are built by its module (module.ts). */
export { DeskLock, type LockReason } from './desk-lock'
export type { PeoplePort } from './people-port'

/** Whether the desk is locked as a process other than the app sees it (the agent's connector). */
export const isDeskLocked = (dataDir: string): Promise<boolean> => deskLockedNow(dataDir, deskPeople(dataDir))

/** The desk's lock times (`<data>/settings.json`), as the CLI reads and sets them. */
export const deskLockTimes = (dataDir: string) => lockTimes(new AppSettingsStore(dataDir))
export const setDeskLockTimes = (dataDir: string, change: Parameters<typeof setLockTimes>[1]) =>
  setLockTimes(new AppSettingsStore(dataDir), change)
