import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type { Signer } from './signer'

/** Legacy HMAC-SHA256, keyed by the secret string's UTF-8 bytes as issued (never hex-decoded); 64 lowercase hex. */
export function createHmacSigner(keyId: string, secret: string): Signer {
  if (secret.length === 0) throw new Error('An HMAC secret cannot be empty.')
  const key = utf8ToBytes(secret)
  let disposed = false
  return {
    keyId,
    algorithm: 'hmac',
    sign(canonical: string): string {
      if (disposed) throw new Error('This signer was disposed.')
      return bytesToHex(hmac(sha256, key, utf8ToBytes(canonical)))
    },
    dispose(): void {
      key.fill(0)
      disposed = true
    },
  }
}
