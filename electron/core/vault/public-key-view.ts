import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { base64, base64nopad } from '@scure/base'
import type { PublicKeyView } from '../../../shared/ipc/channels/profiles'

// DER SubjectPublicKeyInfo header for an Ed25519 key (RFC 8410): SEQUENCE { AlgorithmIdentifier 1.3.101.112, BIT STRING
// }.
const SPKI_ED25519_PREFIX = Uint8Array.from([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00])

/**
 * The ways an admin may need to paste a public key: raw base64 (what the console takes), hex, PEM, and a fingerprint.
 */
export function publicKeyView(raw: Uint8Array): PublicKeyView {
  if (raw.length !== 32) throw new Error('An Ed25519 public key is 32 bytes.')
  const der = new Uint8Array(SPKI_ED25519_PREFIX.length + raw.length)
  der.set(SPKI_ED25519_PREFIX)
  der.set(raw, SPKI_ED25519_PREFIX.length)
  const body = base64
    .encode(der)
    .match(/.{1,64}/g)!
    .join('\n')
  return {
    base64: base64.encode(raw),
    hex: bytesToHex(raw),
    pem: `-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----\n`,
    // OpenSSH style: SHA-256 of the raw key, unpadded base64.
    fingerprint: `SHA256:${base64nopad.encode(sha256(raw))}`,
  }
}
