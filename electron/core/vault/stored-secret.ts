import { base64 } from '@scure/base'
import type { Algorithm } from '../profiles/profile'
import { DeskError } from '../errors'

/** A secret as read from the keychain. `bytes` must be wiped by whoever receives it. */
export type StoredSecret = { algorithm: 'ed25519'; bytes: Uint8Array } | { algorithm: 'hmac'; secret: string }

/** Keychain entries are tagged with their algorithm so a key can never be used as the other kind. */
export function encodeEd25519(secretKey: Uint8Array): string {
  return `ed25519:${base64.encode(secretKey)}`
}

export function encodeHmac(secret: string): string {
  return `hmac:${secret}`
}

export function decodeStoredSecret(value: string): StoredSecret {
  const colon = value.indexOf(':')
  const tag = value.slice(0, colon) as Algorithm
  const payload = value.slice(colon + 1)
  if (colon > 0 && tag === 'ed25519') {
    const bytes = decodeBase64(payload)
    if (bytes?.length === 32) return { algorithm: 'ed25519', bytes }
    bytes?.fill(0)
  }
  if (colon > 0 && tag === 'hmac' && payload.length > 0) return { algorithm: 'hmac', secret: payload }
  // Something else wrote this entry: refuse rather than guess what kind of key it is.
  throw new DeskError(
    'key_unreadable',
    'The keychain entry for this profile was not written by Payout Desk. Delete the key and create a new one.',
  )
}

function decodeBase64(text: string): Uint8Array | null {
  try {
    return base64.decode(text)
  } catch {
    return null
  }
}
