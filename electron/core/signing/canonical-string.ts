import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

export interface CanonicalParts {
  timestamp: string
  method: string
  pathWithQuery: string
  bodySha256Hex: string
  idempotencyKey?: string
}

/** The five lines the API signs (spec "Authentication"): timestamp, METHOD, path+query, body hash, Idempotency-Key. */
export function canonicalString(p: CanonicalParts): string {
  return [p.timestamp, p.method.toUpperCase(), p.pathWithQuery, p.bodySha256Hex, p.idempotencyKey ?? ''].join('\n')
}

/** Lowercase SHA-256 hex of the raw body bytes; a request without a body hashes the empty string. */
export function bodyHash(body: string | Uint8Array | undefined): string {
  const bytes = body === undefined ? new Uint8Array(0) : typeof body === 'string' ? utf8ToBytes(body) : body
  return bytesToHex(sha256(bytes))
}
