import { z } from 'zod'
import type { ApiRequest } from '../../electron/core/api/api-request'

/** RequestKind decides retries, so a request cannot be written without the kind its shape requires. */
const schema = z.unknown()
type Req = ApiRequest<typeof schema>
const body = { wallet_id: 'w1', asset: 'USDC', amount: '1', destination: 'd' }

export const payout: Req = {
  kind: 'withdrawal',
  method: 'POST',
  path: '/api/v1/withdrawals',
  body,
  idempotencyKey: 'k',
  schema,
  priority: 'interactive',
}
export const read: Req = {
  kind: 'read',
  method: 'GET',
  path: '/api/v1/wallets',
  query: { limit: 1 },
  schema,
  priority: 'background',
}

export const postWithoutKind: Req = { method: 'POST', path: '/api/v1/withdrawals', body, idempotencyKey: 'k', schema } // must not compile
export const postAsRead: Req = { kind: 'read', method: 'POST', path: '/api/v1/withdrawals/x/cancel', schema } // must not compile
export const payoutWithoutKey: Req = { kind: 'withdrawal', method: 'POST', path: '/api/v1/withdrawals', body, schema } // must not compile
export const readWithBody: Req = { kind: 'read', method: 'GET', path: '/api/v1/wallets', body, schema } // must not compile
