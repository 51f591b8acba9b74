import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { publicKeyView, validateHmacSecret } from '../../../electron/core/vault'

describe('public key views', () => {
  it('base64, hex, PEM (SPKI) and fingerprint all describe the same key as node:crypto', () => {
    const { publicKey } = generateKeyPairSync('ed25519')
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
    const view = publicKeyView(raw)
    expect(view.base64).toBe(raw.toString('base64'))
    expect(view.hex).toBe(raw.toString('hex'))
    expect(view.pem).toBe(publicKey.export({ format: 'pem', type: 'spki' }))
    expect(createPublicKey(view.pem).equals(publicKey)).toBe(true)
    expect(view.fingerprint).toBe(`SHA256:${createHash('sha256').update(raw).digest('base64').replace(/=+$/, '')}`)
  })

  it('refuses a key of the wrong length', () => {
    expect(() => publicKeyView(new Uint8Array(31))).toThrow()
  })
})

describe('HMAC secret import rules', () => {
  it.each([
    ['', /empty/],
    [' secret', /space/],
    ['secret\n', /non-printable/],
    ['sécret', /non-ASCII/],
    ['x'.repeat(513), /512/],
  ])('refuses %j', (secret, message) => {
    expect(() => validateHmacSecret(secret)).toThrow(message)
  })

  it('accepts printable ASCII with inner spaces', () => {
    expect(validateHmacSecret('a b~c')).toBe('a b~c')
  })
})
