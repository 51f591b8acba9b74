import { boundedArray } from '../../../shared/api/bounded-array'
import { WalletSchema, envelope } from '../../../shared/api/resources'
import type { ConnectionResult } from '../../../shared/ipc/channels/profiles'
import { MAX_CLOCK_OFFSET_SECONDS, clockSkewError, describeOffset } from '../api/clock-offset'
import { ApiError, InvalidResponseError, NetworkError } from '../api/errors'
import { realClock } from '../api/pacer'
import { RequestSender } from '../api/request-sender'
import { DEFAULT_TIMEOUTS, type Timeouts } from '../api/transport'
import type { Signer } from '../signing'

const WalletListSchema = envelope(boundedArray(WalletSchema))
type Failure = Extract<ConnectionResult, { ok: false }>

export interface ConnectionProbe {
  baseUrl: string
  signer: Signer
  /** Local clock in milliseconds; injectable so tests can simulate skew. */
  now?: () => number
  /** One deadline for connect, headers, body and the whole attempt; the client's own deadlines by default. */
  timeoutMs?: number
}

export const UNKNOWN_KEY_MESSAGE =
  'The server refused this key (401 unauthorized). Possible causes: the Key ID is not registered or was mistyped; ' +
  'the key was registered in the other environment (sandbox and production keys are separate); ' +
  "the key was revoked or has expired in the console; or the public key registered is not this profile's key."

/**
 * One signed `GET /api/v1/wallets` through the same RequestSender as every other call (base path,
 * signing, body cap, deadlines), but as a diagnostic probe: one attempt, and a clock skew is reported
 * rather than learnt. Every outcome is explained, with the server's X-Request-Id whenever it sent one.
 */
export async function testConnection(probe: ConnectionProbe): Promise<ConnectionResult> {
  const timeouts: Timeouts =
    probe.timeoutMs === undefined
      ? DEFAULT_TIMEOUTS
      : { connectMs: probe.timeoutMs, headersMs: probe.timeoutMs, bodyMs: probe.timeoutMs, totalMs: probe.timeoutMs }
  const sender = new RequestSender({
    baseUrl: probe.baseUrl,
    signer: probe.signer,
    maxAttempts: 1,
    learnClockOffset: false,
    timeouts,
    clock: probe.now ? { now: probe.now, sleep: realClock.sleep } : undefined,
  })
  try {
    const res = await sender.send({
      method: 'GET',
      path: '/api/v1/wallets',
      kind: 'read',
      schema: WalletListSchema,
      priority: 'interactive',
    })
    return { ok: true, walletCount: res.body.data.length, clockOffsetSeconds: sender.observedOffsetSeconds }
  } catch (err) {
    return explain(err, probe.baseUrl, timeouts.totalMs, sender.observedOffsetSeconds)
  } finally {
    await sender.close()
  }
}

function explain(err: unknown, baseUrl: string, timeoutMs: number, offset: number | null): Failure {
  if (err instanceof NetworkError) return networkFailure(err, baseUrl, timeoutMs)
  if (!(err instanceof ApiError || err instanceof InvalidResponseError)) throw err
  const requestId = err.requestId ?? null
  const fail = (reason: Failure['reason'], message: string, clockOffsetSeconds: number | null = null): Failure => ({
    ok: false,
    reason,
    message: requestId ? `${message} (X-Request-Id ${requestId})` : message,
    status: err.status,
    requestId,
    clockOffsetSeconds,
  })
  if (err instanceof InvalidResponseError) {
    return fail(
      'invalid_response',
      `The server answered, but not with a valid wallet list (${err.message}). Check that the base URL points ` +
        `at the Client API v1.`,
    )
  }
  const { status, code } = err
  if (status === 401 && code === 'invalid_timestamp') {
    if (offset !== null && Math.abs(offset) > MAX_CLOCK_OFFSET_SECONDS)
      return fail('clock_skew', clockSkewError(offset).message, offset)
    const skew =
      offset === null
        ? 'The server sent no Date header to measure the offset.'
        : `The server clock is ${describeOffset(offset)}.`
    return fail(
      'clock_skew',
      `The server refused the request time: this computer's clock differs from the server's by more than 300 ` +
        `seconds. ${skew} Set the system clock automatically (NTP) and try again.`,
      offset,
    )
  }
  if (status === 401 || status === 403) return fail('unknown_key', UNKNOWN_KEY_MESSAGE)
  if (status === 429) {
    const wait = err.retryAfterSeconds
    return fail(
      'rate_limited',
      `The server is rate limiting this ` +
        `key${wait !== undefined ? `; try again in ${wait} s` : '; try again in a minute'}.`,
    )
  }
  if (status >= 500)
    return fail(
      'server_error',
      `The server failed (${status} ${code}). Try again later; quote the request id to support if it persists.`,
    )
  return fail('invalid_response', `Unexpected answer ${status} ${code} for GET /api/v1/wallets. Check the base URL.`)
}

function networkFailure(err: NetworkError, baseUrl: string, timeoutMs: number): Failure {
  const base = { ok: false as const, status: null, requestId: null, clockOffsetSeconds: null }
  if (err.kind === 'tls') {
    return {
      ...base,
      reason: 'tls',
      message: `${err.message} The server's certificate is not trusted or does not match the host.`,
    }
  }
  if (err.kind === 'timeout' && err.answerStarted) {
    const message =
      `${baseUrl} started answering but the body did not arrive within ${timeoutMs / 1000} s. ` +
      `The server or a proxy in between is stalled or very slow; try again later.`
    return { ...base, reason: 'timeout', message }
  }
  const what =
    err.kind === 'timeout'
      ? `no answer within ${timeoutMs / 1000} s`
      : err.kind === 'dns'
        ? 'the host name does not resolve'
        : err.kind === 'refused'
          ? 'the connection was refused (nothing is listening there)'
          : `a network error (${err.message})`
  return {
    ...base,
    reason: 'unreachable',
    message: `Cannot reach ${baseUrl}: ${what}. Check the base URL and your network.`,
  }
}
