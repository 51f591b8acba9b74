import type { IncomingHttpHeaders } from 'node:http'
import { IDEMPOTENCY_KEY_PATTERN } from '../../shared/api'
import { badRequest } from './http-error'

/**
 * Header formats are checked before the signature: an Idempotency-Key that is not printable ASCII
 * (sent as UTF-8, say) cannot be signed the same on both sides, and its sender must hear that the
 * key is wrong (400 validation_failed), not that the key id or signature is (401). An empty header
 * counts as absent, as before.
 */
export function checkHeaderFormats(headers: IncomingHttpHeaders): void {
  const key = headers['idempotency-key']
  if (typeof key === 'string' && key !== '' && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw badRequest('Idempotency-Key must be 1 to 128 printable ASCII characters without spaces.')
  }
}
