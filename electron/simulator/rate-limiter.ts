/** Sliding-window request log per key: a request counts when admitted; refused ones do not. */
export class RateLimiter {
  private readonly windows = new Map<string, { times: number[]; head: number }>()

  /** Admits the request and returns null, or returns the whole seconds until the oldest request leaves the window. */
  admit(keyId: string, nowMs: number, limit: number, windowSeconds: number): number | null {
    let w = this.windows.get(keyId)
    if (!w) {
      w = { times: [], head: 0 }
      this.windows.set(keyId, w)
    }
    const windowMs = windowSeconds * 1000
    while (w.head < w.times.length && w.times[w.head]! <= nowMs - windowMs) w.head++
    if (w.head > 1024 && w.head * 2 > w.times.length) {
      w.times = w.times.slice(w.head)
      w.head = 0
    }
    if (w.times.length - w.head >= limit) {
      const oldest = w.times[w.head]!
      return Math.max(1, Math.ceil((oldest + windowMs - nowMs) / 1000))
    }
    w.times.push(nowMs)
    return null
  }

  clear(): void {
    this.windows.clear()
  }
}
