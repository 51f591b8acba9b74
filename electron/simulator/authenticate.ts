import type { IncomingHttpHeaders } from 'node:http'
import { LIMITS } from '../../shared/api'
import { canonicalString } from './canonical-string'
import type { Environment } from './environment'
import { HttpError, unauthorized } from './http-error'
import type { KeyRecord } from './types'

export interface SignedRequest {
  headers: IncomingHttpHeaders
  method: string
  /** The request target exactly as received, query string included. */
  rawPath: string
  body: Buffer
  remoteAddress: string
  now: number
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return typeof value === 'string' ? value : undefined
}

export function normaliseIp(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address
}

/** Verifies the three auth headers against the key; every signature is accepted at most once. */
export function authenticate(env: Environment, r: SignedRequest): KeyRecord {
  const keyId = header(r.headers, 'x-api-key-id')
  const timestamp = header(r.headers, 'x-api-timestamp')
  const signature = header(r.headers, 'x-api-signature')
  if (!keyId || !timestamp || !signature)
    throw unauthorized('The x-api-key-id, x-api-timestamp and x-api-signature headers are required.')
  if (!/^[0-9]{1,12}$/.test(timestamp)) throw unauthorized('x-api-timestamp must be Unix seconds.')
  const key = env.key(keyId)
  if (!key || key.revoked) throw unauthorized()
  if (key.expires_at !== null && Date.parse(key.expires_at) <= r.now) throw unauthorized()
  if (key.ip_allowlist !== null && !key.ip_allowlist.map(normaliseIp).includes(normaliseIp(r.remoteAddress)))
    throw unauthorized()
  const idempotencyKey = header(r.headers, 'idempotency-key') ?? ''
  const canonical = canonicalString(timestamp, r.method, r.rawPath, r.body, idempotencyKey)
  if (!env.signatures.matches(key, canonical, signature)) throw unauthorized()
  const seconds = Number(timestamp)
  if (Math.abs(r.now / 1000 - seconds) > LIMITS.timestampSkewSeconds) {
    throw new HttpError(401, 'invalid_timestamp', 'x-api-timestamp is outside the 300 second window.')
  }
  if (!env.replay.accept(signature, seconds, r.now)) throw unauthorized('This signature was already used.')
  return key
}
