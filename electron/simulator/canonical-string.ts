import { createHash } from 'node:crypto'

const EMPTY_BODY_HASH = createHash('sha256').update('').digest('hex')

/** The five signed lines of the spec, built here independently of the client's signer. */
export function canonicalString(
  timestamp: string,
  method: string,
  pathWithQuery: string,
  body: Buffer,
  idempotencyKey: string,
): string {
  const bodyHash = body.length === 0 ? EMPTY_BODY_HASH : createHash('sha256').update(body).digest('hex')
  return `${timestamp}\n${method}\n${pathWithQuery}\n${bodyHash}\n${idempotencyKey}`
}
