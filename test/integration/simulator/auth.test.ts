import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHmac } from 'node:crypto'
import {
  canonicalString,
  generateEd25519Key,
  hmacKey,
  sendRaw,
  signCanonical,
  signHeaders,
  signedFetch,
  withRequestId,
  type TestKey,
} from '../../harness/test-signer'
import { startFixture, type Fixture } from './sim-fixture'

let f: Fixture
let hmac: { keyId: string; key: TestKey; secret: string }

beforeAll(async () => {
  f = await startFixture()
  const { keyId, secret } = await f.console.createHmacKey(f.workspaceId)
  hmac = { keyId, key: hmacKey(secret), secret }
})
afterAll(() => f.sim.close())

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** The last character before '==' carries 4 unused bits; Node's decoder ignores them, a strict check must not. */
function flipPaddingBits(sig: string): string {
  const i = sig.length - 3
  return sig.slice(0, i) + B64[B64.indexOf(sig[i]!) ^ 1]! + sig.slice(i + 1)
}

const now = () => Math.floor(Date.now() / 1000)

/** Builds headers for GET /api/v1/wallets, then lets a case tamper with them. */
function tampered(
  change: (h: Record<string, string>, path: string) => { headers: Record<string, string>; path?: string },
) {
  const path = withRequestId('/api/v1/wallets')
  const base = signHeaders(f.keyId, f.key, 'GET', path)
  const out = change({ ...base }, path)
  return sendRaw(f.url, 'GET', out.path ?? path, out.headers)
}

describe('authentication', () => {
  it('accepts a valid Ed25519 and a valid HMAC signature', async () => {
    expect((await f.api('GET', '/api/v1/wallets')).status).toBe(200)
    expect((await signedFetch(f.url, hmac.keyId, hmac.key, 'GET', '/api/v1/wallets')).status).toBe(200)
  })

  const cases: [
    string,
    (h: Record<string, string>, path: string) => { headers: Record<string, string>; path?: string },
    string,
  ][] = [
    ['missing key id', (h) => (delete h['x-api-key-id'], { headers: h }), 'unauthorized'],
    ['missing timestamp', (h) => (delete h['x-api-timestamp'], { headers: h }), 'unauthorized'],
    ['missing signature', (h) => (delete h['x-api-signature'], { headers: h }), 'unauthorized'],
    ['unknown key id', (h) => ({ headers: { ...h, 'x-api-key-id': 'nope' } }), 'unauthorized'],
    ['non-numeric timestamp', (h) => ({ headers: { ...h, 'x-api-timestamp': 'soon' } }), 'unauthorized'],
    [
      'signature without padding',
      (h) => ({ headers: { ...h, 'x-api-signature': h['x-api-signature']!.replace(/=+$/, '') } }),
      'unauthorized',
    ],
    [
      'signature with non-zero padding bits (same bytes, not canonical)',
      (h) => ({ headers: { ...h, 'x-api-signature': flipPaddingBits(h['x-api-signature']!) } }),
      'unauthorized',
    ],
    [
      'signature with a space inside',
      (h) => ({
        headers: {
          ...h,
          'x-api-signature': `${h['x-api-signature']!.slice(0, 10)} ${h['x-api-signature']!.slice(10)}`,
        },
      }),
      'unauthorized',
    ],
    [
      'signature of another path',
      (h, p) => ({ headers: h, path: p.replace('wallets', 'counterparties') }),
      'unauthorized',
    ],
    [
      'signed path without the query string',
      (h, p) => ({ headers: signHeaders(f.keyId, f.key, 'GET', p.split('?')[0]!), path: p }),
      'unauthorized',
    ],
    [
      'signature for POST sent as GET',
      (_h, p) => ({ headers: signHeaders(f.keyId, f.key, 'POST', p) }),
      'unauthorized',
    ],
    ['idempotency key not in the signature', (h) => ({ headers: { ...h, 'idempotency-key': 'abc' } }), 'unauthorized'],
    [
      'timestamp 301 s old',
      (_h, p) => ({ headers: signHeaders(f.keyId, f.key, 'GET', p, '', { timestamp: now() - 302 }) }),
      'invalid_timestamp',
    ],
    [
      'timestamp 301 s ahead',
      (_h, p) => ({ headers: signHeaders(f.keyId, f.key, 'GET', p, '', { timestamp: now() + 302 }) }),
      'invalid_timestamp',
    ],
  ]
  it.each(cases)('refuses %s', async (_name, change, code) => {
    const res = await tampered(change)
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe(code)
    expect(res.headers.get('x-request-id')).toBeTruthy()
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('accepts timestamps inside the window either way', async () => {
    for (const skew of [-290, 290]) {
      const path = withRequestId('/api/v1/wallets')
      const res = await sendRaw(
        f.url,
        'GET',
        path,
        signHeaders(f.keyId, f.key, 'GET', path, '', { timestamp: now() + skew }),
      )
      expect(res.status).toBe(200)
    }
  })

  it('signs the body hash: a changed body is refused', async () => {
    const path = withRequestId('/api/v1/counterparties')
    const headers = signHeaders(f.keyId, f.key, 'POST', path, '{"a":1}')
    const res = await sendRaw(f.url, 'POST', path, headers, '{"a":2}')
    expect(res.status).toBe(401)
  })

  it('hashes an absent body as the empty string', async () => {
    const path = withRequestId('/api/v1/wallets')
    const ts = String(now())
    const sig = signCanonical(
      f.key,
      `${ts}\nGET\n${path}\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n`,
    )
    const res = await sendRaw(f.url, 'GET', path, {
      'x-api-key-id': f.keyId,
      'x-api-timestamp': ts,
      'x-api-signature': sig,
    })
    expect(res.status).toBe(200)
  })

  it('accepts each signature once: a replay is refused', async () => {
    const path = withRequestId('/api/v1/wallets')
    const headers = signHeaders(f.keyId, f.key, 'GET', path)
    expect((await sendRaw(f.url, 'GET', path, headers)).status).toBe(200)
    const again = await sendRaw(f.url, 'GET', path, headers)
    expect(again.status).toBe(401)
    expect(again.body.error.code).toBe('unauthorized')
  })

  const hmacCases: [string, (sig: string, canonical: string) => string][] = [
    ['uppercase hex', (sig) => sig.toUpperCase()],
    ['63 characters', (sig) => sig.slice(1)],
    ['base64 instead of hex', (sig) => Buffer.from(sig, 'hex').toString('base64')],
    [
      'secret hex-decoded instead of used as text',
      (_sig, c) => createHmac('sha256', Buffer.from(hmac.secret, 'hex')).update(c).digest('hex'),
    ],
  ]
  it.each(hmacCases)('refuses an HMAC signature as %s', async (_name, mangle) => {
    const path = withRequestId('/api/v1/wallets')
    const ts = String(now())
    const canonical = canonicalString(ts, 'GET', path, '')
    const sig = mangle(signCanonical(hmac.key, canonical), canonical)
    const res = await sendRaw(f.url, 'GET', path, {
      'x-api-key-id': hmac.keyId,
      'x-api-timestamp': ts,
      'x-api-signature': sig,
    })
    expect(res.status).toBe(401)
  })

  it('refuses revoked keys, expired keys and keys outside their IP allowlist', async () => {
    const revoked = generateEd25519Key()
    const revokedId = await f.console.registerEd25519Key(f.workspaceId, revoked.publicKeyBase64)
    expect((await signedFetch(f.url, revokedId, revoked, 'GET', '/api/v1/wallets')).status).toBe(200)
    await f.console.revoke(revokedId)
    expect((await signedFetch(f.url, revokedId, revoked, 'GET', '/api/v1/wallets')).status).toBe(401)

    const expired = generateEd25519Key()
    const expiredId = await f.console.registerEd25519Key(f.workspaceId, expired.publicKeyBase64, {
      expires_at: new Date(Date.now() - 1000).toISOString(),
    })
    expect((await signedFetch(f.url, expiredId, expired, 'GET', '/api/v1/wallets')).status).toBe(401)

    const fenced = generateEd25519Key()
    const fencedId = await f.console.registerEd25519Key(f.workspaceId, fenced.publicKeyBase64, {
      ip_allowlist: ['10.1.2.3'],
    })
    expect((await signedFetch(f.url, fencedId, fenced, 'GET', '/api/v1/wallets')).status).toBe(401)
    const allowed = generateEd25519Key()
    const allowedId = await f.console.registerEd25519Key(f.workspaceId, allowed.publicKeyBase64, {
      ip_allowlist: ['127.0.0.1'],
    })
    expect((await signedFetch(f.url, allowedId, allowed, 'GET', '/api/v1/wallets')).status).toBe(200)
  })

  it('fixes a key to its environment: a sandbox key is unknown in production', async () => {
    const res = await signedFetch(f.sim.production.url, f.keyId, f.key, 'GET', '/api/v1/wallets')
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('unauthorized')
  })

  it('rejects a key registration with a malformed public key', async () => {
    for (const public_key of ['', 'abc', Buffer.alloc(31).toString('base64'), Buffer.alloc(32).toString('base64url')]) {
      const res = await f.console.call('POST', 'keys', {
        workspace_id: f.workspaceId,
        algorithm: 'ed25519',
        public_key,
      })
      expect(res.status).toBe(400)
    }
  })
})
