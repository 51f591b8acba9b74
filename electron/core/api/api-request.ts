import type { z } from 'zod'
import type { CreateCounterparty, CreateWithdrawal } from '../../../shared/api/requests'
import type { Priority } from './pacing-rule'

/**
 * What a request is decides how it may be retried (retry-policy.ts reads nothing else).
 * `read`: any GET. `withdrawal`: retried only with its Idempotency-Key and byte-identical body.
 * `counterparty`: re-posting is answered with the existing entry. `cancel`: repeating is safe.
 */
export type RequestKind = 'read' | 'withdrawal' | 'counterparty' | 'cancel'

interface RequestBase<S extends z.ZodType> {
  path: string
  schema: S
  /** Who waits for it: required, so no request reaches the key's budget without saying whether a person waits. */
  priority: Priority
  signal?: AbortSignal
}

type Query = Record<string, string | number | undefined>

/**
 * One request of the contract. The union makes the kind part of the shape: a POST cannot be written
 * without naming what it is, a payout cannot be written without its Idempotency-Key, and a GET carries no body.
 */
export type ApiRequest<S extends z.ZodType> = RequestBase<S> &
  (
    | { kind: 'read'; method: 'GET'; query?: Query; body?: undefined; idempotencyKey?: undefined }
    | { kind: 'withdrawal'; method: 'POST'; query?: undefined; body: CreateWithdrawal; idempotencyKey: string }
    | { kind: 'counterparty'; method: 'POST'; query?: undefined; body: CreateCounterparty; idempotencyKey?: undefined }
    | { kind: 'cancel'; method: 'POST'; query?: undefined; body?: undefined; idempotencyKey?: undefined }
  )

export interface ApiResponse<T> {
  status: number
  body: T
  requestId: string | undefined
}
