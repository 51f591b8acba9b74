import { Pool } from 'undici'
import { InvalidResponseError, NetworkError, toNetworkError } from './errors'

export interface Timeouts {
  connectMs: number
  /** Time from sending to the response headers. */
  headersMs: number
  /** Longest silence while the body streams. */
  bodyMs: number
  /** Whole attempt, so a body that trickles a byte at a time still ends. */
  totalMs: number
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 5_000, headersMs: 20_000, bodyMs: 20_000, totalMs: 30_000 }
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024

/** A keep-alive connection pool to one provider origin. */
export function createPool(baseUrl: string, timeouts: Timeouts): Pool {
  return new Pool(new URL(baseUrl).origin, {
    connections: 8,
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    connectTimeout: timeouts.connectMs,
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
  })
}

export interface RawRequest {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** One HTTP exchange with the whole-attempt deadline and a cap on the body size. */
export async function exchange(
  pool: Pool,
  host: string,
  req: RawRequest,
  timeouts: Timeouts,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<RawResponse> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeouts.totalMs)
  const forward = () => controller.abort()
  signal?.addEventListener('abort', forward, { once: true })
  let status = 0
  try {
    const res = await pool.request({
      method: req.method,
      path: req.path,
      headers: req.headers,
      body: req.body,
      signal: controller.signal,
    })
    status = res.statusCode
    const declared = Number(res.headers['content-length'])
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.body.destroy()
      throw tooBig(status, res.headers, maxBytes)
    }
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length
      if (size > maxBytes) {
        res.body.destroy()
        throw tooBig(status, res.headers, maxBytes)
      }
      chunks.push(chunk as Buffer)
    }
    return { status, headers: res.headers, body: Buffer.concat(chunks) }
  } catch (err) {
    if (err instanceof InvalidResponseError) throw err
    if (timedOut) {
      throw new NetworkError(
        'timeout',
        `${host} did not complete its answer within ${Math.round(timeouts.totalMs / 1000)} s.`,
        status !== 0,
      )
    }
    throw toNetworkError(err, host)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', forward)
  }
}

function tooBig(status: number, headers: RawResponse['headers'], maxBytes: number): InvalidResponseError {
  const id = headers['x-request-id']
  return new InvalidResponseError(
    status,
    `The provider's answer is larger than ${maxBytes} bytes; it was not read.`,
    typeof id === 'string' ? id : undefined,
  )
}
