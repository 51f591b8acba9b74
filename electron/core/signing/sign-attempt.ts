import { randomUUID } from 'node:crypto'
import { bodyHash, canonicalString } from './canonical-string'
import type { Signer } from './signer'

export interface SignedAttempt {
  pathWithQuery: string
  requestId: string
  headers: { 'x-api-key-id': string; 'x-api-timestamp': string; 'x-api-signature': string }
}

export interface AttemptParts {
  method: string
  path: string
  query?: Record<string, string | number | undefined>
  body?: string
  idempotencyKey?: string
  nowSeconds: number
}

/**
 * Signs one HTTP attempt. A fresh `_request_id` goes last in the query so no two attempts share a
 * signature (the API refuses replays); callers sign again for every retry, never reuse the result.
 */
export function signAttempt(signer: Signer, p: AttemptParts): SignedAttempt {
  const requestId = randomUUID()
  const params: string[] = []
  for (const [name, value] of Object.entries(p.query ?? {})) {
    if (value === undefined) continue
    params.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
  }
  params.push(`_request_id=${requestId}`)
  const pathWithQuery = `${p.path}?${params.join('&')}`
  const timestamp = String(Math.floor(p.nowSeconds))
  const canonical = canonicalString({
    timestamp,
    method: p.method,
    pathWithQuery,
    bodySha256Hex: bodyHash(p.body),
    idempotencyKey: p.idempotencyKey,
  })
  return {
    pathWithQuery,
    requestId,
    headers: { 'x-api-key-id': signer.keyId, 'x-api-timestamp': timestamp, 'x-api-signature': signer.sign(canonical) },
  }
}
