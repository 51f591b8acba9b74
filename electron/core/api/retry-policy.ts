import type { RequestKind } from './api-request'
import type { NetworkErrorKind } from './errors'

/** Why an attempt produced no usable answer: an HTTP status, or a network failure of some kind. */
export type AttemptFailure = { status: number } | { network: NetworkErrorKind }

interface RetryRule {
  statuses: ReadonlySet<number>
  network: ReadonlySet<NetworkErrorKind>
}

/**
 * Network failures after which the provider may or may not have acted: a fresh attempt is the way to
 * find out. A certificate or name failure will fail the same way again, and `aborted` is the caller's own.
 */
const TRANSIENT_NETWORK: ReadonlySet<NetworkErrorKind> = new Set(['timeout', 'refused', 'reset', 'other'])

/**
 * The retry decision, by request kind and nothing else. Reads also retry on gateway errors (502/504)
 * from proxies; a payout retries only on what the spec names (timeout, 500, 503, network, 429), and
 * always with its key and identical body (the request type guarantees both).
 */
const RETRY: Record<RequestKind, RetryRule> = {
  read: { statuses: new Set([429, 500, 502, 503, 504]), network: TRANSIENT_NETWORK },
  withdrawal: { statuses: new Set([429, 500, 503]), network: TRANSIENT_NETWORK },
  counterparty: { statuses: new Set([429, 500, 502, 503, 504]), network: TRANSIENT_NETWORK },
  cancel: { statuses: new Set([429, 500, 502, 503, 504]), network: TRANSIENT_NETWORK },
}

export function mayRetry(kind: RequestKind, failure: AttemptFailure): boolean {
  const rule = RETRY[kind]
  return 'status' in failure ? rule.statuses.has(failure.status) : rule.network.has(failure.network)
}

/** Exponential backoff with equal jitter: half fixed, half random, so many clients do not retry in step. */
export function backoffMs(
  attempt: number,
  opts: { baseMs: number; maxMs: number } = { baseMs: 250, maxMs: 8_000 },
): number {
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
