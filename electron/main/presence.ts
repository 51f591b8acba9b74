import { powerMonitor } from 'electron'
import type { DeskLock } from '../core/desk-lock/use-cases'

/** The system's idle time, lock screen and suspend lock the desk (Linux may send neither event: idle stands in). */
export function watchPresence(lock: DeskLock): void {
  lock.useSystemIdle(() => powerMonitor.getSystemIdleTime())
  powerMonitor.on('lock-screen', () => lock.lock('lock_screen'))
  powerMonitor.on('suspend', () => lock.lock('suspend'))
}
