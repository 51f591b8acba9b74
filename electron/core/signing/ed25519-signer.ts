import * as ed from '@noble/ed25519'
import { sha512 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { base64 } from '@scure/base'
import type { Signer } from './signer'

// noble's synchronous API needs a SHA-512 implementation plugged in once.
ed.hashes.sha512 = sha512

/** Derives the raw 32-byte public key from a 32-byte Ed25519 secret key. */
export function ed25519PublicKey(secretKey: Uint8Array): Uint8Array {
  return ed.getPublicKey(secretKey)
}

/** Raw Ed25519 signature (64 bytes) of a message. */
export function ed25519Sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  return ed.sign(message, secretKey)
}

/** Signer over a copy of the secret key, so the caller may wipe its own buffer right away. */
export function createEd25519Signer(keyId: string, secretKey: Uint8Array): Signer {
  if (secretKey.length !== 32) throw new Error('An Ed25519 secret key is 32 bytes.')
  const secret = Uint8Array.from(secretKey)
  let disposed = false
  return {
    keyId,
    algorithm: 'ed25519',
    sign(canonical: string): string {
      if (disposed) throw new Error('This signer was disposed.')
      // Canonical padded standard base64, as the API requires.
      return base64.encode(ed25519Sign(utf8ToBytes(canonical), secret))
    },
    dispose(): void {
      secret.fill(0)
      disposed = true
    },
  }
}
