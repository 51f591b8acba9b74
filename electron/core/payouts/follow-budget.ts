/** How following tells time and waits; tests drive it by hand. */
export interface FollowClock {
  now(): number
  set(run: () => void, ms: number): unknown
  clear(handle: unknown): void
}

export const realFollowClock: FollowClock = {
  now: () => Date.now(),
  set: (run, ms) => setTimeout(run, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

/** Requests a minute that following payouts may spend, however many it follows: a tenth of the provider's 120. */
export const FOLLOW_REQUESTS_PER_MINUTE = 12

/**
 * The follower's promise at that budget: every payout it follows is read again at least this often, wherever it sits
 * in the provider's list, with up to 1,000 waiting (see the poller's sweep).
 */
export const FOLLOW_BOUND_MS = 300_000

const MINUTE_MS = 60_000

/**
 * The follow's own allowance, shared by everything in a process that follows payouts (single payouts, batch rows):
 * at most `perMinute` requests in any minute. The pacer keeps background work to its share of the key; this keeps
 * following to a small part of that share, so the history sync and a person's screens keep the rest.
 */
export class FollowBudget {
  private readonly starts: number[] = []

  constructor(
    readonly perMinute: number = FOLLOW_REQUESTS_PER_MINUTE,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(perMinute) || perMinute < 1)
      throw new RangeError('the follow budget must be a positive integer')
  }

  /** Counts a request that may start now; false when the minute's allowance is spent. */
  take(): boolean {
    const now = this.prune()
    if (this.starts.length >= this.perMinute) return false
    this.starts.push(now)
    return true
  }

  /** When the next request may start (now, or when the oldest one of the minute leaves it). */
  nextAt(): number {
    const now = this.prune()
    return this.starts.length < this.perMinute ? now : this.starts[0]! + MINUTE_MS
  }

  private prune(): number {
    const now = this.now()
    while (this.starts.length > 0 && this.starts[0]! <= now - MINUTE_MS) this.starts.shift()
    return now
  }
}
