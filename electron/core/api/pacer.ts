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
}

export interface PacerStatus {
  limit: number
  windowSeconds: number
  remaining: number
  blockedUntil: number | null
}

/**
 * A sliding-window log per key: a request may start only when fewer than `limit` requests
 * are in the last `windowSeconds`. A refilling token bucket would let a request through
 * too early after a full burst, which a sliding-window server answers with 429.
 * The provider counts a request when it arrives, somewhere between our start and our answer,
 * so a request stays in our log until a window after its answer (in flight: indefinitely).
 */
export class Pacer {
  readonly limit: number
  readonly windowMs: number
  private readonly marginMs: number
  private readonly clock: PacerClock
  /** Each request's answer time; null while in flight. */
  private readonly slots: Array<{ end: number | null }> = []
  private blockedUntil = 0
  private readonly listeners = new Set<(status: PacerStatus) => void>()

  constructor(options: PacerOptions = {}) {
    this.limit = options.limit ?? 120
    this.windowMs = (options.windowSeconds ?? 60) * 1000
    this.marginMs = options.marginMs ?? Math.min(250, Math.max(5, this.windowMs * 0.005))
    this.clock = options.clock ?? realClock
    if (!Number.isInteger(this.limit) || this.limit < 1) throw new RangeError('pacer limit must be a positive integer')
    if (!(this.windowMs > 0)) throw new RangeError('pacer window must be positive')
  }

  /** Waits until a request may start and counts it; call the returned function when its answer (or failure) arrives. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    for (;;) {
      signal?.throwIfAborted()
      const wait = this.waitMs(this.clock.now())
      if (wait <= 0) break
      await this.clock.sleep(Number.isFinite(wait) ? wait : IN_FLIGHT_POLL_MS, signal)
    }
    const slot: { end: number | null } = { end: null }
    this.slots.push(slot)
    this.changed()
    return () => {
      slot.end ??= this.clock.now()
    }
  }

  /** How long a request would wait right now (0 when it may start; Infinity while a full window is all in flight). */
  waitMs(now: number): number {
    this.prune(now)
    const blocked = this.blockedUntil - now
    let full = 0
    if (this.slots.length >= this.limit) {
      let oldestEnd = Infinity
      for (const s of this.slots) if (s.end !== null && s.end < oldestEnd) oldestEnd = s.end
      full = oldestEnd + this.windowMs + this.marginMs - now
    }
    return Math.max(blocked, full, 0)
  }

  /** The provider said Retry-After: nobody on this key sends before then. */
  blockFor(seconds: number): void {
    const until = this.clock.now() + Math.max(0, seconds) * 1000 + this.marginMs
    if (until > this.blockedUntil) {
      this.blockedUntil = until
      this.changed()
    }
  }

  status(): PacerStatus {
    const now = this.clock.now()
    this.prune(now)
    const blocked = this.blockedUntil > now
    return {
      limit: this.limit,
      windowSeconds: this.windowMs / 1000,
      remaining: blocked ? 0 : Math.max(0, this.limit - this.slots.length),
      blockedUntil: blocked ? this.blockedUntil : null,
    }
  }

  onChange(listener: (status: PacerStatus) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private prune(now: number): void {
    const horizon = now - this.windowMs - this.marginMs
    for (let i = this.slots.length - 1; i >= 0; i--) {
      const end = this.slots[i]!.end
      if (end !== null && end <= horizon) this.slots.splice(i, 1)
    }
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
