import type { DeskStore } from '../store'
import type { PollSharing } from './poller'

/** One process on the profile follows payouts at a time (a lease in its store); the others show what it stores. */
export function pollSharing(store: DeskStore): PollSharing {
  const resource = 'follow-payouts'
  const quietly = <T>(fallback: T, work: () => T): T => {
    try {
      return work()
    } catch {
      return fallback
    }
  }
  return {
    // A store that cannot be written is no reason to stop following payouts: follow them ourselves.
    claim: () => quietly(true, () => store.leases.tryTake(resource)),
    release: () => quietly(undefined, () => store.leases.release(resource)),
    publish: (ws) =>
      quietly(undefined, () =>
        ws.length > 0
          ? store.transaction('keep the payout statuses', () => ws.forEach((w) => store.withdrawals.put(w)))
          : undefined,
      ),
    latest: (id) => quietly(null, () => store.withdrawals.get(id)?.withdrawal ?? null),
  }
}
