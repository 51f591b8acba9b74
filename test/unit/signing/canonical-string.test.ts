import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bodyHash, canonicalString, createHmacSigner, signAttempt, type Signer } from '../../../electron/core/signing'

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

function recordingSigner(): Signer & { seen: string[] } {
  const seen: string[] = []
  return { keyId: 'key_rec', algorithm: 'hmac', seen, sign: (c) => (seen.push(c), 'sig'), dispose: () => undefined }
}

describe('canonical string', () => {
  it('GET with query: golden string', () => {
    expect(
      canonicalString({
        timestamp: '1700000000',
        method: 'get',
        pathWithQuery: '/api/v1/transactions?limit=25&_request_id=0b5c2f7e-6a0e-4a53-9b7c-6f1f3d9c2a11',
        bodySha256Hex: bodyHash(undefined),
      }),
    ).toBe(
      `1700000000\nGET\n/api/v1/transactions?limit=25&_request_id=0b5c2f7e-6a0e-4a53-9b7c-6f1f3d9c2a11\n${EMPTY_SHA256}\n`,
    )
  })

  it('POST with body and Idempotency-Key: golden string', () => {
    const body = '{"wallet_id":"w1","amount":"1.50"}'
    expect(bodyHash(body)).toBe(createHash('sha256').update(body).digest('hex'))
    expect(
      canonicalString({
        timestamp: '1700000001',
        method: 'POST',
        pathWithQuery: '/api/v1/withdrawals?_request_id=1',
        bodySha256Hex: bodyHash(body),
        idempotencyKey: 'idem-42',
      }),
    ).toBe(`1700000001\nPOST\n/api/v1/withdrawals?_request_id=1\n${bodyHash(body)}\nidem-42`)
  })

  it('empty body hashes the empty string, whether absent, empty text or empty bytes', () => {
    expect(bodyHash(undefined)).toBe(EMPTY_SHA256)
    expect(bodyHash('')).toBe(EMPTY_SHA256)
    expect(bodyHash(new Uint8Array(0))).toBe(EMPTY_SHA256)
    const bytes = randomBytes(100)
    expect(bodyHash(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'))
  })
})

describe('signAttempt', () => {
  it('adds a fresh _request_id last in the query and signs exactly what is sent', () => {
    const signer = recordingSigner()
    const a = signAttempt(signer, {
      method: 'GET',
      path: '/api/v1/transactions',
      query: { limit: 25, cursor: 'a b&c', skip: undefined },
      nowSeconds: 1700000000.9,
    })
    expect(a.requestId).toMatch(UUID)
    expect(a.pathWithQuery).toBe(`/api/v1/transactions?limit=25&cursor=a%20b%26c&_request_id=${a.requestId}`)
    expect(a.headers).toEqual({ 'x-api-key-id': 'key_rec', 'x-api-timestamp': '1700000000', 'x-api-signature': 'sig' })
    expect(signer.seen[0]).toBe(`1700000000\nGET\n${a.pathWithQuery}\n${EMPTY_SHA256}\n`)
  })

  it('POST includes the body hash and Idempotency-Key', () => {
    const signer = recordingSigner()
    const body = '{"a":1}'
    const a = signAttempt(signer, {
      method: 'POST',
      path: '/api/v1/withdrawals',
      body,
      idempotencyKey: 'k-1',
      nowSeconds: 5,
    })
    expect(a.pathWithQuery).toBe(`/api/v1/withdrawals?_request_id=${a.requestId}`)
    expect(signer.seen[0]).toBe(`5\nPOST\n${a.pathWithQuery}\n${bodyHash(body)}\nk-1`)
  })

  it('never repeats a request id or a signature across attempts of the same request', () => {
    const signer = createHmacSigner('key_h', 'secret')
    const ids = new Set<string>()
    const sigs = new Set<string>()
    for (let i = 0; i < 100; i++) {
      const a = signAttempt(signer, { method: 'GET', path: '/api/v1/wallets', nowSeconds: 1700000000 })
      ids.add(a.requestId)
      sigs.add(a.headers['x-api-signature'])
    }
    expect(ids.size).toBe(100)
    expect(sigs.size).toBe(100)
  })
})
