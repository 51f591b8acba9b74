import {
  prioritySplit,
  waitFor,
  type PacerLedger,
  type PacerUsage,
  type PacingRule,
  type Priority,
  type SlotTime,
  type TakeResult,
} from './pacing-rule'

export * from './pacing-rule'

/** Time source for the pacer; tests pass a fake one. */
export interface PacerClock {
  now(): number
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export const realClock: PacerClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason)
      const timer = setTimeout(done, ms)
      function done() {
        signal?.removeEventListener('abort', abort)
        resolve()
      }
      function abort() {
        clearTimeout(timer)
        reject(signal!.reason)
      }
      signal?.addEventListener('abort', abort, { once: true })
    }),
}

export interface PacerOptions {
  /** Requests allowed in any window (the provider's 120 per minute by default). */
  limit?: number
  windowSeconds?: number
  /**
   * Extra wait beyond the window so the provider, which counts arrivals (a little after we count
   * starts), never sees L+1 in a window. Default: 0.5% of the window, 5 to 250 ms.
   */
  marginMs?: number
  clock?: PacerClock
  /** Where request times are kept; the profile's store shares them across processes. */
  ledger?: PacerLedger
  /** The part of the window background requests may take (default a half). */
  backgroundShare?: number
}

/**
 * A request of this process waiting for a place in the window: since when, until when it expects to start (null while
 * the requests it waits for are still in flight), and why: the key's budget is spent, or the provider asked to wait.
 */
export interface PacerWait {
  priority: Priority
  since: number
  until: number | null
  reason: 'budget' | 'retry_after'
}

export interface PacerStatus {
  limit: number
  windowSeconds: number
  remaining: number
  /** Background requests in the window now, and the most it may hold. */
  background: number
  backgroundLimit: number
  blockedUntil: number | null
  /** The longest-waiting request of a person in this process, so a screen can say what it waits for; null if none. */
  waiting: PacerWait | null
}

/** One process's ledger. */
export class MemoryPacerLedger implements PacerLedger {
  private readonly slots = new Map<number, SlotTime>()
  private nextSlot = 1
  private blockedUntil = 0
  private waitingUntil = 0

  take(now: number, rule: PacingRule, priority: Priority): TakeResult {
    this.prune(now, rule)
    const wait = waitFor([...this.slots.values()], this.blockedUntil, now, rule, priority, this.waitingUntil > now)
    if (wait > 0) return { waitMs: wait }
    const slot = this.nextSlot++
    this.slots.set(slot, { end: null, priority })
    return { slot }
  }

  end(slot: number, now: number): void {
    const s = this.slots.get(slot)
    if (s) s.end ??= now
  }

  block(untilMs: number): boolean {
    if (untilMs <= this.blockedUntil) return false
    this.blockedUntil = untilMs
    return true
  }

  waiting(untilMs: number): void {
    this.waitingUntil = untilMs
  }

  usage(now: number, rule: PacingRule): PacerUsage {
    this.prune(now, rule)
    const slots = [...this.slots.values()]
    const background = slots.filter((s) => s.priority === 'background').length
    return {
      used: slots.length,
      background,
      blockedUntil: this.blockedUntil,
      interactiveWaiting: this.waitingUntil > now,
    }
  }

  private prune(now: number, rule: PacingRule): void {
    const horizon = now - rule.windowMs - rule.marginMs
    for (const [id, s] of this.slots) if (s.end !== null && s.end <= horizon) this.slots.delete(id)
  }
}

/**
 * A sliding-window log per key: a request may start only when fewer than `limit` requests
 * are in the last `windowSeconds`. A refilling token bucket would let a request through
 * too early after a full burst, which a sliding-window server answers with 429.
 * Requests a person waits for go first: background ones keep to their share and to the reserve, and
 * yield while a person's request waits anywhere on the key.
 */
export class Pacer {
  readonly limit: number
  readonly windowMs: number
  private readonly marginMs: number
  private readonly split: Pick<PacingRule, 'backgroundLimit' | 'reserve'>
  private readonly clock: PacerClock
  private readonly ledger: PacerLedger
  private readonly listeners = new Set<(status: PacerStatus) => void>()
  /** Interactive requests of this process waiting for a place now, and whether the ledger holds their mark. */
  private waitingHere = 0
  private marked = false
  /** Requests of this process waiting for a place now, announced as they start and end waiting. */
  private readonly waits = new Set<PacerWait>()

  constructor(options: PacerOptions = {}) {
    this.limit = options.limit ?? 120
    this.windowMs = (options.windowSeconds ?? 60) * 1000
    this.marginMs = options.marginMs ?? Math.min(250, Math.max(5, this.windowMs * 0.005))
    this.clock = options.clock ?? realClock
    this.ledger = options.ledger ?? new MemoryPacerLedger()
    if (!Number.isInteger(this.limit) || this.limit < 1) throw new RangeError('pacer limit must be a positive integer')
    if (!(this.windowMs > 0)) throw new RangeError('pacer window must be positive')
    const share = options.backgroundShare ?? 0.5
    if (!(share > 0 && share <= 1)) throw new RangeError('pacer background share must be above 0 and at most 1')
    this.split = prioritySplit(this.limit, share)
  }

  private get rule(): PacingRule {
    return { limit: this.limit, windowMs: this.windowMs, marginMs: this.marginMs, ...this.split }
  }

  /** Waits until a request may start and counts it; call the returned function when its answer (or failure) arrives. */
  async acquire(priority: Priority, signal?: AbortSignal): Promise<() => void> {
    const person = priority === 'interactive'
    if (person) this.waitingHere++
    let wait: PacerWait | null = null
    try {
      for (;;) {
        signal?.throwIfAborted()
        const now = this.clock.now()
        const taken = this.ledger.take(now, this.rule, priority)
        if ('slot' in taken) {
          if (wait) this.waits.delete(wait)
          this.changed()
          let ended = false
          return () => {
            if (ended) return
            ended = true
            this.ledger.end(taken.slot, this.clock.now())
          }
        }
        wait = this.noteWait(wait, priority, now, taken.waitMs)
        let sleep = Number.isFinite(taken.waitMs) ? taken.waitMs : IN_FLIGHT_POLL_MS
        if (person) {
          // The mark that makes background work yield, here and in other processes, is kept fresh while it waits.
          sleep = Math.min(sleep, WAITING_MARK_MS)
          this.ledger.waiting(now + sleep + WAITING_MARK_MS)
          this.marked = true
        }
        await this.clock.sleep(sleep, signal)
      }
    } finally {
      // Given up (aborted, failed): the wait is over all the same.
      if (wait && this.waits.delete(wait)) this.changed()
      if (person && --this.waitingHere === 0 && this.marked) {
        this.marked = false
        this.ledger.waiting(0)
      }
    }
  }

  /**
   * Records a request's wait: announced when it starts, and again when its expected start moves by a second or more
   * (a person's request looks again every second, and a background request yields to it).
   */
  private noteWait(wait: PacerWait | null, priority: Priority, now: number, waitMs: number): PacerWait | null {
    if (!wait && waitMs < WAIT_SHOWN_MS) return null
    const until = Number.isFinite(waitMs) ? now + waitMs : null
    if (wait && (until === null) === (wait.until === null)) {
      if (until === null || Math.abs(until - wait.until!) < WAIT_MOVED_MS) return wait
    }
    const reason = this.ledger.usage(now, this.rule).blockedUntil > now ? 'retry_after' : 'budget'
    const next: PacerWait = { priority, since: wait?.since ?? now, until, reason }
    if (wait) this.waits.delete(wait)
    this.waits.add(next)
    this.changed()
    for (const watch of waitWatchers) watch(next, { limit: this.limit, windowSeconds: this.windowMs / 1000 })
    return next
  }

  /** Every request of this process waiting for a place now, the longest-waiting first. */
  waiting(): PacerWait[] {
    return [...this.waits].sort((a, b) => a.since - b.since)
  }

  /** The provider said Retry-After: nobody on this key sends before then. */
  blockFor(seconds: number): void {
    if (this.ledger.block(this.clock.now() + Math.max(0, seconds) * 1000 + this.marginMs)) this.changed()
  }

  status(): PacerStatus {
    const now = this.clock.now()
    const { used, background, blockedUntil } = this.ledger.usage(now, this.rule)
    const blocked = blockedUntil > now
    return {
      limit: this.limit,
      windowSeconds: this.windowMs / 1000,
      remaining: blocked ? 0 : Math.max(0, this.limit - used),
      background,
      backgroundLimit: this.split.backgroundLimit,
      blockedUntil: blocked ? blockedUntil : null,
      waiting: this.waiting().find((w) => w.priority === 'interactive') ?? null,
    }
  }

  onChange(listener: (status: PacerStatus) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private changed(): void {
    if (this.listeners.size === 0) return
    const status = this.status()
    for (const l of this.listeners) l(status)
  }
}

const IN_FLIGHT_POLL_MS = 20
/** A wait's expected start is announced again when it moves by this much. */
const WAIT_MOVED_MS = 1_000
/** Shorter waits (a background request yielding for a moment) are not worth a word. */
const WAIT_SHOWN_MS = 250
/** A waiting person's request looks again at least this often, and its mark outlives each look by as much. */
const WAITING_MARK_MS = 1_000

/** Requests a key may start in any window of so many seconds. */
export interface BudgetSize {
  limit: number
  windowSeconds: number
}

/** Listeners to every pacer of the process: a command line says on stderr what it waits for. */
const waitWatchers = new Set<(wait: PacerWait, budget: BudgetSize) => void>()

/**
 * Calls `watch` whenever a request of this process starts waiting for the budget, or its expected start moves by a
 * second or more, on any key. Returns the unsubscribe.
 */
export function watchBudgetWaits(watch: (wait: PacerWait, budget: BudgetSize) => void): () => void {
  waitWatchers.add(watch)
  return () => void waitWatchers.delete(watch)
}

const registry = new Map<string, Pacer>()

/** One pacer per (base URL, key id) in the whole process, so every caller shares the key's budget. */
export function pacerFor(baseUrl: string, keyId: string, options: PacerOptions = {}): Pacer {
  const id = `${new URL(baseUrl).origin}|${keyId}`
  let pacer = registry.get(id)
  const wanted = { limit: options.limit ?? 120, windowMs: (options.windowSeconds ?? 60) * 1000 }
  if (!pacer || pacer.limit !== wanted.limit || pacer.windowMs !== wanted.windowMs) {
    pacer = new Pacer(options)
    registry.set(id, pacer)
  }
  return pacer
}
