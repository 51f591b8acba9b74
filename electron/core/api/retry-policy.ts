/** Statuses after which a freshly signed retry is safe for every request kind of this API. */
const RETRYABLE = new Set([429, 500, 502, 503, 504])

export function isRetryable(status: number): boolean {
  return RETRYABLE.has(status)
}

/** Exponential backoff with equal jitter: half fixed, half random, so many clients do not retry in step. */
export function backoffMs(attempt: number, opts: { baseMs: number; maxMs: number } = { baseMs: 250, maxMs: 8_000 }): number {
  const ceiling = Math.min(opts.maxMs, opts.baseMs * 2 ** (attempt - 1))
  return ceiling / 2 + Math.random() * (ceiling / 2)
}

/**
 * Retry-After as seconds. The contract says a string of digits; anything else (a date, a negative or
 * fractional number, words) is ignored rather than guessed at, and the request backs off as without one.
 */
export function parseRetryAfter(value: string | undefined): number | undefined {
  const text = value?.trim()
  if (!text || !/^\d{1,10}$/.test(text)) return undefined
  return Number(text)
}

/**
 * A wait longer than the contract's rate window (60 s by default) is not a pacing hint but the provider
 * shutting the key out: nobody is silently held that long. The caller fails fast and says so.
 */
export function isWaitWithinWindow(retryAfterSeconds: number, windowSeconds: number): boolean {
  return retryAfterSeconds <= windowSeconds
}
