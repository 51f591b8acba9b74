import type { ErrorCode } from '../../../shared/api/error-codes'
import { DeskError } from '../errors'

/** The provider answered with an error envelope (or an error status). */
export class ApiError extends DeskError {
  readonly status: number
  /**
   * Seconds the provider asked us to wait (429/503), when it sent digits; callers that keep work waiting (the outbox)
   * read it.
   */
  readonly retryAfterSeconds: number | undefined
  /**
   * An earlier attempt of the same request had no answer that proves it was not processed (a network error, a 500):
   * this answer, even one asking to wait, does not say the provider holds nothing under the key.
   */
  afterUncertainAttempt = false

  constructor(status: number, code: ErrorCode, message: string, requestId?: string, retryAfterSeconds?: number) {
    super(code, message, requestId)
    this.name = 'ApiError'
    this.status = status
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export type NetworkErrorKind = 'timeout' | 'refused' | 'reset' | 'tls' | 'dns' | 'aborted' | 'other'

/** No usable answer reached us: the request may or may not have been processed by the provider. */
export class NetworkError extends DeskError {
  readonly kind: NetworkErrorKind
  /** The provider had sent its status and headers before this happened (a body that stalled or trickled). */
  readonly answerStarted: boolean

  constructor(kind: NetworkErrorKind, message: string, answerStarted = false) {
    super(kind === 'timeout' ? 'timeout' : 'network_error', message)
    this.name = 'NetworkError'
    this.kind = kind
    this.answerStarted = answerStarted
  }
}

/** The provider answered, but not with something the contract allows; nothing of it is used. */
export class InvalidResponseError extends DeskError {
  readonly status: number

  constructor(status: number, message: string, requestId?: string) {
    super('invalid_response', message, requestId)
    this.name = 'InvalidResponseError'
    this.status = status
  }
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/

/** Maps what undici or node:net threw into a NetworkError with a kind the user can act on. */
export function toNetworkError(err: unknown, host: string): NetworkError {
  const e = err as { code?: string; name?: string; cause?: { code?: string } }
  const code = e?.code ?? e?.cause?.code ?? ''
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return new NetworkError('timeout', `Connecting to ${host} timed out.`)
  if (code === 'UND_ERR_BODY_TIMEOUT')
    return new NetworkError('timeout', `${host} started answering but went silent before the body ended.`, true)
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'ETIMEDOUT') {
    return new NetworkError('timeout', `${host} did not answer in time.`)
  }
  if (code === 'ECONNREFUSED')
    return new NetworkError('refused', `${host} refused the connection. Is the service running?`)
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new NetworkError('dns', `The name ${host} could not be resolved.`)
  if (TLS_CODES.test(code)) return new NetworkError('tls', `The TLS connection to ${host} failed (${code}).`)
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') {
    return new NetworkError('reset', `The connection to ${host} closed before an answer arrived.`)
  }
  if (e?.name === 'AbortError' || code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR') {
    return new NetworkError('aborted', `The request to ${host} was cancelled.`)
  }
  return new NetworkError('other', `The request to ${host} failed${code ? ` (${code})` : ''}.`)
}
