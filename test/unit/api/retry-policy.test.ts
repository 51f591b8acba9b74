import { describe, expect, it } from 'vitest'
import type { RequestKind } from '../../../electron/core/api/api-request'
import type { NetworkErrorKind } from '../../../electron/core/api/errors'
import { mayRetry } from '../../../electron/core/api/retry-policy'

const KINDS: RequestKind[] = ['read', 'withdrawal', 'counterparty', 'cancel']

describe('the retry decision is a table of request kinds', () => {
  it.each(KINDS)('%s: retries timeouts, resets, refusals and 429/500/503 with a fresh attempt', (kind) => {
    for (const network of ['timeout', 'reset', 'refused', 'other'] as NetworkErrorKind[])
      expect(mayRetry(kind, { network })).toBe(true)
    for (const status of [429, 500, 503]) expect(mayRetry(kind, { status })).toBe(true)
  })

  it.each(KINDS)('%s: never retries a certificate or name failure, a cancelled call, or a definite refusal', (kind) => {
    for (const network of ['tls', 'dns', 'aborted'] as NetworkErrorKind[])
      expect(mayRetry(kind, { network })).toBe(false)
    for (const status of [400, 401, 404, 409, 413, 422]) expect(mayRetry(kind, { status })).toBe(false)
  })

  it('retries gateway errors on reads but not a payout, whose retries are the ones the spec names', () => {
    expect(mayRetry('read', { status: 502 })).toBe(true)
    expect(mayRetry('read', { status: 504 })).toBe(true)
    expect(mayRetry('withdrawal', { status: 502 })).toBe(false)
    expect(mayRetry('withdrawal', { status: 504 })).toBe(false)
  })
})
