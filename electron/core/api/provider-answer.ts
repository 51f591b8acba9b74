import { isApiErrorCode, type ApiErrorCode } from '../../../shared/api/error-codes'
import { ErrorEnvelopeSchema } from '../../../shared/api/resources'
import type { z } from 'zod'
import { ApiError, InvalidResponseError } from './errors'
import { parseRetryAfter } from './retry-policy'
import type { RawResponse } from './transport'

/** Reading what the provider answered: headers, a validated body, or the error it stands for. */

export function header(raw: RawResponse, name: string): string | undefined {
  const v = raw.headers[name]
  return Array.isArray(v) ? v[0] : v
}

function parseJson(raw: RawResponse, requestId: string | undefined): unknown {
  try {
    return JSON.parse(raw.body.toString('utf8'))
  } catch {
    throw new InvalidResponseError(
      raw.status,
      `The provider answered HTTP ${raw.status} with a body that is not JSON.`,
      requestId,
    )
  }
}

export function parseBody<S extends z.ZodType>(
  raw: RawResponse,
  schema: S,
  requestId: string | undefined,
): z.output<S> {
  const parsed = schema.safeParse(parseJson(raw, requestId))
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  // A list's element is named by its index, e.g. data[3].amount.
  const where =
    issue && issue.path.length
      ? issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('')
      : 'body'
  throw new InvalidResponseError(
    raw.status,
    `The provider's answer does not match the API contract (${where}: ${issue?.message ?? 'invalid'}).`,
    requestId,
  )
}

export function errorCode(raw: RawResponse): string | null {
  try {
    const parsed = ErrorEnvelopeSchema.safeParse(JSON.parse(raw.body.toString('utf8')))
    return parsed.success ? parsed.data.error.code : null
  } catch {
    return null
  }
}

/** The provider's own error text is kept to this many characters; the X-Request-Id identifies the rest. */
const PROVIDER_MESSAGE_CHARS = 500

const FALLBACK_CODES: Partial<Record<number, ApiErrorCode>> = {
  429: 'rate_limited',
  500: 'internal_error',
  503: 'service_unavailable',
}

/** The provider's error as an ApiError; a code outside the contract is kept in the message, not passed on as a code. */
export function toApiError(raw: RawResponse, requestId: string | undefined): ApiError {
  const said = errorCode(raw)
  let message = `The provider answered HTTP ${raw.status}.`
  try {
    const parsed = ErrorEnvelopeSchema.safeParse(JSON.parse(raw.body.toString('utf8')))
    if (parsed.success) message = parsed.data.error.message.slice(0, PROVIDER_MESSAGE_CHARS) || message
  } catch {
    // an error without the envelope keeps the generic message
  }
  const fallback = FALLBACK_CODES[raw.status] ?? (raw.status >= 500 ? 'service_unavailable' : 'invalid_response')
  if (said !== null && !isApiErrorCode(said))
    message = `${message} (provider code ${JSON.stringify(said.slice(0, 64))}, not in the API contract)`
  const code = isApiErrorCode(said) ? said : fallback
  return new ApiError(raw.status, code, message, requestId, parseRetryAfter(header(raw, 'retry-after')))
}

/**
 * The same error, saying how long the provider wants and that nothing waits for it; retryAfterSeconds stays for the
 * caller.
 */
export function tooLongToWait(error: ApiError, windowSeconds: number): ApiError {
  const message =
    `${error.message} The provider asks to wait ${error.retryAfterSeconds} s, longer than its ` +
    `${windowSeconds} s rate window, so the request was not retried; try again later.`
  return new ApiError(error.status, error.code, message, error.requestId, error.retryAfterSeconds)
}

export function noDateToLearn(error: ApiError): ApiError {
  const message =
    `${error.message} The provider refused this computer's clock and sent no Date header that ` +
    `parses, so the offset cannot be corrected; set the system clock automatically (NTP).`
  return new ApiError(error.status, error.code, message, error.requestId)
}

/** Redirects are never followed: a signed request re-sent elsewhere would hand another host a valid signature. */
export function redirectRefused(raw: RawResponse, requestId: string | undefined): InvalidResponseError {
  let where = 'an address that does not parse'
  try {
    where = new URL(header(raw, 'location') ?? '').host.slice(0, 253) || where
  } catch {
    // keeps the generic wording; the raw header is not echoed
  }
  return new InvalidResponseError(
    raw.status,
    `The provider answered with a redirect (HTTP ${raw.status}) to ${where}; redirects are not followed. Check ` +
      `the base URL.`,
    requestId,
  )
}
