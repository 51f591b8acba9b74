import { request } from 'undici'
import { z } from 'zod'
import { ErrorEnvelopeSchema, WalletSchema, envelope } from '../../../shared/api/resources'
import type { ConnectionResult } from '../../../shared/ipc/channels/profiles'
import { summarize } from '../ipc/router'
import { signAttempt, type Signer } from '../signing'

const WalletListSchema = envelope(z.array(WalletSchema))
type Failure = Extract<ConnectionResult, { ok: false }>

export interface ConnectionProbe {
  baseUrl: string
  signer: Signer
  /** Local clock in milliseconds; injectable so tests can simulate skew. */
  now?: () => number
  timeoutMs?: number
}

export const UNKNOWN_KEY_MESSAGE =
  'The server refused this key (401 unauthorized). Possible causes: the Key ID is not registered or was mistyped; ' +
  'the key was registered in the other environment (sandbox and production keys are separate); ' +
  'the key was revoked or has expired in the console; or the public key registered is not this profile\'s key.'

/**
 * One signed `GET /api/v1/wallets`: a diagnostic probe, so no retries. Every outcome is explained,
 * with the server's X-Request-Id whenever it sent one.
 */
export async function testConnection(probe: ConnectionProbe): Promise<ConnectionResult> {
  const now = probe.now ?? Date.now
  const timeoutMs = probe.timeoutMs ?? 10_000
  const sentAt = now()
  const attempt = signAttempt(probe.signer, { method: 'GET', path: '/api/v1/wallets', nowSeconds: sentAt / 1000 })
  let response: Awaited<ReturnType<typeof request>>
  try {
    response = await request(`${probe.baseUrl}${attempt.pathWithQuery}`, {
      method: 'GET',
      headers: { ...attempt.headers, accept: 'application/json' },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (err) {
    return transportFailure(err, probe.baseUrl, timeoutMs)
  }

  const status = response.statusCode
  const requestId = header(response.headers['x-request-id'])
  const offset = clockOffset(header(response.headers['date']), sentAt, now())
  const text = await response.body.text().catch(() => null)
  const json = parseJson(text)
  const fail = (reason: Failure['reason'], message: string, clockOffsetSeconds: number | null = null): Failure => ({
    ok: false,
    reason,
    message: requestId ? `${message} (X-Request-Id ${requestId})` : message,
    status,
    requestId,
    clockOffsetSeconds,
  })

  if (status === 200) {
    const parsed = WalletListSchema.safeParse(json)
    if (!parsed.success) {
      return fail('invalid_response', `The server answered, but not with a valid wallet list (${summarize(parsed.error)}). Check that the base URL points at the Client API v1.`)
    }
    return { ok: true, walletCount: parsed.data.data.length, clockOffsetSeconds: offset }
  }
  const code = ErrorEnvelopeSchema.safeParse(json).data?.error.code ?? null
  if (status === 401 && code === 'invalid_timestamp') {
    const skew = offset === null ? 'The server sent no Date header to measure the offset.' : `The server clock is ${describeOffset(offset)}.`
    return fail('clock_skew', `The server refused the request time: this computer's clock differs from the server's by more than 300 seconds. ${skew} Set the system clock automatically (NTP) and try again.`, offset)
  }
  if (status === 401 || status === 403) return fail('unknown_key', UNKNOWN_KEY_MESSAGE)
  if (status === 429) {
    const retryAfter = header(response.headers['retry-after'])
    return fail('rate_limited', `The server is rate limiting this key${retryAfter ? `; try again in ${retryAfter} s` : '; try again in a minute'}.`)
  }
  if (status >= 500) return fail('server_error', `The server failed (${status}${code ? ` ${code}` : ''}). Try again later; quote the request id to support if it persists.`)
  return fail('invalid_response', `Unexpected answer ${status}${code ? ` ${code}` : ''} for GET /api/v1/wallets. Check the base URL.`)
}

function transportFailure(err: unknown, baseUrl: string, timeoutMs: number): Failure {
  const codes = errorCodes(err)
  const base = { status: null, requestId: null, clockOffsetSeconds: null }
  if (codes.some((c) => /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/i.test(c))) {
    return { ok: false, reason: 'tls', message: `The TLS connection to ${baseUrl} failed (${codes[0]}): the server's certificate is not trusted or does not match the host.`, ...base }
  }
  const timedOut = codes.some((c) => /TIMEOUT|TimeoutError|AbortError/i.test(c))
  const what = timedOut
    ? `no answer within ${timeoutMs / 1000} s`
    : codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')
      ? 'the host name does not resolve'
      : codes.includes('ECONNREFUSED')
        ? 'the connection was refused (nothing is listening there)'
        : `a network error (${codes[0] ?? 'unknown'})`
  return { ok: false, reason: 'unreachable', message: `Cannot reach ${baseUrl}: ${what}. Check the base URL and your network.`, ...base }
}

/** Error codes and names down the `cause` chain (undici wraps socket and TLS errors). */
function errorCodes(err: unknown): string[] {
  const out: string[] = []
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, name } = e as { code?: unknown; name?: unknown }
    if (typeof code === 'string') out.push(code)
    if (typeof name === 'string' && name !== 'Error') out.push(name)
    const errors = (e as { errors?: unknown }).errors
    if (Array.isArray(errors)) out.push(...errors.flatMap(errorCodes))
  }
  return out
}

/** Server clock minus local clock in whole seconds, against the midpoint of the round trip. */
function clockOffset(date: string | null, sentAt: number, receivedAt: number): number | null {
  if (!date) return null
  const server = Date.parse(date)
  if (Number.isNaN(server)) return null
  return Math.round((server - (sentAt + receivedAt) / 2) / 1000)
}

function describeOffset(seconds: number): string {
  return seconds >= 0 ? `${seconds} s ahead of this computer` : `${-seconds} s behind this computer`
}

function header(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null
}

function parseJson(text: string | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
