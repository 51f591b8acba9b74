import { createHmac, createPublicKey, timingSafeEqual, verify, type KeyObject } from 'node:crypto'
import type { KeyRecord } from './types'

const HMAC_PATTERN = /^[0-9a-f]{64}$/

/** Checks a signature of the canonical string with node:crypto; strict about the encodings (spec: Versioning). */
export class SignatureCheck {
  private readonly publicKeys = new Map<string, KeyObject>()

  matches(key: KeyRecord, canonical: string, signature: string): boolean {
    return key.algorithm === 'ed25519' ? this.ed25519(key, canonical, signature) : hmac(key, canonical, signature)
  }

  private ed25519(key: KeyRecord, canonical: string, signature: string): boolean {
    const raw = Buffer.from(signature, 'base64')
    // Node's decoder is lenient (unpadded, url-safe, junk); only the canonical padded form is accepted.
    if (raw.length !== 64 || raw.toString('base64') !== signature) return false
    return verify(null, Buffer.from(canonical, 'utf8'), this.publicKey(key), raw)
  }

  private publicKey(key: KeyRecord): KeyObject {
    let cached = this.publicKeys.get(key.key_id)
    if (!cached) {
      const x = Buffer.from(key.public_key ?? '', 'base64').toString('base64url')
      cached = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
      this.publicKeys.set(key.key_id, cached)
    }
    return cached
  }
}

function hmac(key: KeyRecord, canonical: string, signature: string): boolean {
  if (!HMAC_PATTERN.test(signature)) return false
  const expected = createHmac('sha256', Buffer.from(key.secret ?? '', 'utf8'))
    .update(canonical, 'utf8')
    .digest()
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'))
}
