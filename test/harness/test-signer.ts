import { createHash, createHmac, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto'

/**
 * A request signer for tests, built on node:crypto only (independent of the client's signer in electron/core).
 * It builds the spec's five-line canonical string itself.
 */
export type TestKey =
  { algorithm: 'ed25519'; privateKey: KeyObject; publicKeyBase64: string } | { algorithm: 'hmac'; secret: string }

export function generateEd25519Key(): Extract<TestKey, { algorithm: 'ed25519' }> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const x = publicKey.export({ format: 'jwk' }).x!
  return { algorithm: 'ed25519', privateKey, publicKeyBase64: Buffer.from(x, 'base64url').toString('base64') }
}

export function hmacKey(secret: string): TestKey {
  return { algorithm: 'hmac', secret }
}

export function canonicalString(
  timestamp: string,
  method: string,
  pathWithQuery: string,
  body: string,
  idempotencyKey = '',
): string {
  const bodyHash = createHash('sha256').update(body, 'utf8').digest('hex')
  return [timestamp, method, pathWithQuery, bodyHash, idempotencyKey].join('\n')
}

export function signCanonical(key: TestKey, canonical: string): string {
  if (key.algorithm === 'hmac')
    return createHmac('sha256', Buffer.from(key.secret, 'utf8')).update(canonical).digest('hex')
  return sign(null, Buffer.from(canonical, 'utf8'), key.privateKey).toString('base64')
}

/** Appends a fresh `_request_id` so identical requests get distinct signatures. */
export function withRequestId(pathWithQuery: string): string {
  return `${pathWithQuery}${pathWithQuery.includes('?') ? '&' : '?'}_request_id=${randomUUID()}`
}

export interface SignOptions {
  /** Unix seconds; defaults to now. */
  timestamp?: number
  idempotencyKey?: string
}

/** The three auth headers (plus Idempotency-Key) for one request. */
export function signHeaders(
  keyId: string,
  key: TestKey,
  method: string,
  pathWithQuery: string,
  body = '',
  options: SignOptions = {},
): Record<string, string> {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000))
  const headers: Record<string, string> = {
    'x-api-key-id': keyId,
    'x-api-timestamp': timestamp,
    'x-api-signature': signCanonical(
      key,
      canonicalString(timestamp, method, pathWithQuery, body, options.idempotencyKey),
    ),
  }
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey
  if (body !== '') headers['content-type'] = 'application/json'
  return headers
}

export interface SignedResponse {
  status: number
  headers: Headers
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the envelope holds
  body: any
}

/** Sends one freshly signed request; a non-string body is sent as JSON. */
export async function signedFetch(
  baseUrl: string,
  keyId: string,
  key: TestKey,
  method: string,
  pathWithQuery: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<SignedResponse> {
  const path = withRequestId(pathWithQuery)
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)
  const headers = signHeaders(keyId, key, method, path, text, idempotencyKey === undefined ? {} : { idempotencyKey })
  return sendRaw(baseUrl, method, path, headers, text)
}

/** Sends exactly the given path, headers and body (for tests that tamper with a signed request). */
export async function sendRaw(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<SignedResponse> {
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === '' ? undefined : body })
  const raw = await res.text()
  let parsed: unknown = raw
  try {
    parsed = JSON.parse(raw)
  } catch {
    // not JSON: the raw text is returned
  }
  return { status: res.status, headers: res.headers, body: parsed }
}
