import { realClock } from '../api/pacer'
import type { DeskStore } from '../store/desk-store'

/** One process at a time walks a profile's history: two walks would share one stored cursor. */
export const SYNC_LEASE = 'history-sync'
const RETRY_MS = 1_000

/** Runs `work` holding the sync lease; while another live process holds it, calls `onWait` and tries again. */
export async function withSyncLease<T>(
  store: DeskStore,
  signal: AbortSignal,
  onWait: () => void,
  work: () => Promise<T>,
): Promise<T> {
  let told = false
  while (!store.transaction('take the history sync lease', () => store.leases.tryTake(SYNC_LEASE))) {
    if (!told) onWait()
    told = true
    await realClock.sleep(RETRY_MS, signal)
  }
  try {
    return await work()
  } finally {
    store.transaction('release the history sync lease', () => store.leases.release(SYNC_LEASE))
  }
}
