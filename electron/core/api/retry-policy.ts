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

/** Retry-After as seconds: digits per the spec, or an HTTP date as RFC 9110 also allows. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Math.min(Number(text), 3600)
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, Math.min(Math.ceil((date - nowMs) / 1000), 3600))
}
