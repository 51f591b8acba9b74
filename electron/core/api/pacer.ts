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
}

export interface PacerStatus {
  limit: number
  windowSeconds: number
  remaining: number
  blockedUntil: number | null
}

export interface PacingRule {
  limit: number
  windowMs: number
  marginMs: number
}

export type TakeResult = { slot: number } | { waitMs: number }

/**
 * Where the window's request times live. In memory for one process; the profile's store for
 * every process on the machine that uses the key. `take` checks and counts in one atomic step.
 */
export interface PacerLedger {
  /** Counts a request that may start now, or says how long to wait (Infinity while a full window is all in flight). */
  take(now: number, rule: PacingRule): TakeResult
  end(slot: number, now: number): void
  /** Nobody sends before `untilMs`; true when that moved the block later. */
  block(untilMs: number): boolean
  usage(now: number, rule: PacingRule): { used: number; blockedUntil: number }
}

/**
 * The provider counts a request when it arrives, somewhere between our start and our answer,
 * so a request stays in the window until a window after its answer (in flight: indefinitely).
 */
export function waitFor(ends: ReadonlyArray<number | null>, blockedUntil: number, now: number, rule: PacingRule): number {
  const blocked = blockedUntil - now
  let full = 0
  if (ends.length >= rule.limit) {
    let oldestEnd = Infinity
    for (const end of ends) if (end !== null && end < oldestEnd) oldestEnd = end
    full = oldestEnd + rule.windowMs + rule.marginMs - now
  }
  return Math.max(blocked, full, 0)
}

/** One process's ledger. */
export class MemoryPacerLedger implements PacerLedger {
  private readonly slots = new Map<number, { end: number | null }>()
  private nextSlot = 1
  private blockedUntil = 0

  take(now: number, rule: PacingRule): TakeResult {
    this.prune(now, rule)
    const wait = waitFor(
      [...this.slots.values()].map((s) => s.end),
      this.blockedUntil,
      now,
      rule,
    )
    if (wait > 0) return { waitMs: wait }
    const slot = this.nextSlot++
    this.slots.set(slot, { end: null })
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

  usage(now: number, rule: PacingRule): { used: number; blockedUntil: number } {
    this.prune(now, rule)
    return { used: this.slots.size, blockedUntil: this.blockedUntil }
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
 */
export class Pacer {
  readonly limit: number
  readonly windowMs: number
  private readonly marginMs: number
  private readonly clock: PacerClock
  private readonly ledger: PacerLedger
  private readonly listeners = new Set<(status: PacerStatus) => void>()

  constructor(options: PacerOptions = {}) {
    this.limit = options.limit ?? 120
    this.windowMs = (options.windowSeconds ?? 60) * 1000
    this.marginMs = options.marginMs ?? Math.min(250, Math.max(5, this.windowMs * 0.005))
    this.clock = options.clock ?? realClock
    this.ledger = options.ledger ?? new MemoryPacerLedger()
    if (!Number.isInteger(this.limit) || this.limit < 1) throw new RangeError('pacer limit must be a positive integer')
    if (!(this.windowMs > 0)) throw new RangeError('pacer window must be positive')
  }

  private get rule(): PacingRule {
    return { limit: this.limit, windowMs: this.windowMs, marginMs: this.marginMs }
  }

  /** Waits until a request may start and counts it; call the returned function when its answer (or failure) arrives. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    for (;;) {
      signal?.throwIfAborted()
      const taken = this.ledger.take(this.clock.now(), this.rule)
      if ('slot' in taken) {
        this.changed()
        let ended = false
        return () => {
          if (ended) return
          ended = true
          this.ledger.end(taken.slot, this.clock.now())
        }
      }
      await this.clock.sleep(Number.isFinite(taken.waitMs) ? taken.waitMs : IN_FLIGHT_POLL_MS, signal)
    }
  }

  /** The provider said Retry-After: nobody on this key sends before then. */
  blockFor(seconds: number): void {
    if (this.ledger.block(this.clock.now() + Math.max(0, seconds) * 1000 + this.marginMs)) this.changed()
  }

  status(): PacerStatus {
    const now = this.clock.now()
    const { used, blockedUntil } = this.ledger.usage(now, this.rule)
    const blocked = blockedUntil > now
    return {
      limit: this.limit,
      windowSeconds: this.windowMs / 1000,
      remaining: blocked ? 0 : Math.max(0, this.limit - used),
      blockedUntil: blocked ? blockedUntil : null,
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
