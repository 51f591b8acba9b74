import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { LIMITS } from '../../shared/api'
import type { ApiContext } from './api/context'
import { routeApi } from './api/route-api'
import { authenticate, normaliseIp } from './authenticate'
import { consoleRefusal } from './console/console-guard'
import { consolePage } from './console/console-page'
import { routeConsole } from './console/route-console'
import type { Environment } from './environment'
import { checkHeaderFormats } from './header-formats'
import { HttpError } from './http-error'

const CONSOLE_BODY_LIMIT = 1024 * 1024
const FAULT_CODES: Record<number, string> = { 429: 'rate_limited', 500: 'internal_error', 503: 'service_unavailable' }

/** One environment's listener: the signed API under /api/v1/ and the loopback-only console under /_console/. */
export function createEnvironmentServer(env: Environment): Server {
  const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    handle(env, req, res).catch(() => {
      if (!res.headersSent)
        sendJson(res, randomUUID(), 500, { error: { code: 'internal_error', message: 'Server failure.' } })
      else res.destroy()
    })
  })
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    else socket.destroy()
  })
  return server
}

function sendJson(
  res: ServerResponse,
  requestId: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Request-Id': requestId,
    ...headers,
  })
  res.end(text)
}

/** Reads the body but stops at `limit` bytes: null means too large (the rest is never read). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.off('data', onData)
        req.pause()
        resolve(null)
      } else chunks.push(chunk)
    }
    req.on('data', onData)
    req.on('end', () => resolve(Buffer.concat(chunks, size)))
    req.on('error', reject)
  })
}

function errorBody(e: HttpError) {
  return { error: { code: e.code, message: e.message } }
}

const tooLarge = () =>
  new HttpError(413, 'request_too_large', `The body is over ${LIMITS.bodyBytes} bytes.`, { Connection: 'close' })

async function handle(env: Environment, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestId = randomUUID()
  const rawPath = req.url ?? '/'
  const pathname = rawPath.split('?', 1)[0]!
  const remote = normaliseIp(req.socket.remoteAddress ?? '')
  if (pathname === '/_console' || pathname.startsWith('/_console/')) {
    if (!(remote.startsWith('127.') || remote === '::1'))
      return sendJson(res, requestId, 403, {
        error: { code: 'forbidden', message: 'The console answers loopback clients only.' },
      })
    const refusal = consoleRefusal(req)
    if (refusal !== null)
      return sendJson(res, requestId, 403, { error: { code: 'forbidden', message: refusal } }, { Connection: 'close' })
    if (req.method === 'GET' && (pathname === '/_console' || pathname === '/_console/')) {
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Request-Id': requestId,
      })
      return void res.end(consolePage(env.name))
    }
    const body = await readBody(req, CONSOLE_BODY_LIMIT)
    try {
      if (body === null)
        throw new HttpError(413, 'request_too_large', 'The body is too large.', { Connection: 'close' })
      const data = routeConsole(env, req.method ?? 'GET', pathname, body, Date.now())
      return sendJson(res, requestId, 200, { data })
    } catch (e) {
      const err = e instanceof HttpError ? e : new HttpError(500, 'internal_error', 'Console failure.')
      return sendJson(res, requestId, err.status, errorBody(err), err.headers)
    }
  }
  if (!pathname.startsWith('/api/v1/'))
    return sendJson(res, requestId, 404, { error: { code: 'not_found', message: 'No such endpoint.' } })
  await handleApi(env, req, res, requestId, rawPath, pathname, remote)
}

async function handleApi(
  env: Environment,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  rawPath: string,
  pathname: string,
  remote: string,
): Promise<void> {
  const method = req.method ?? 'GET'
  const body = await readBody(req, LIMITS.bodyBytes)
  const now = Date.now()
  const idempotencyHeader = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null
  const fault = body === null ? undefined : env.takeFault(method, rawPath)
  let status: number
  let payload: unknown
  let headers: Record<string, string> = {}
  try {
    if (body === null) throw tooLarge()
    if (fault?.mode === 'status' && fault.status !== null) {
      const retry: Record<string, string> =
        fault.retry_after === null ? {} : { 'Retry-After': String(fault.retry_after) }
      throw new HttpError(fault.status, FAULT_CODES[fault.status] ?? 'internal_error', 'Injected fault.', retry)
    }
    checkHeaderFormats(req.headers)
    const key = authenticate(env, { headers: req.headers, method, rawPath, body, remoteAddress: remote, now })
    const { rate_limit_per_minute: limit, rate_limit_window_s: window } = env.data.settings
    const wait = env.limiter.admit(key.key_id, now, limit, window)
    if (wait !== null)
      throw new HttpError(429, 'rate_limited', `More than ${limit} requests in ${window} seconds.`, {
        'Retry-After': String(wait),
      })
    const ctx: ApiContext = {
      env,
      key,
      workspaceId: key.workspace_id,
      organisationId: env.organisationOf(key.workspace_id) ?? '',
      method,
      pathname,
      query: new URLSearchParams(rawPath.includes('?') ? rawPath.slice(rawPath.indexOf('?') + 1) : ''),
      body,
      idempotencyKey: idempotencyHeader === '' ? null : idempotencyHeader,
      now,
    }
    const result = routeApi(ctx)
    status = result.status
    payload = result.body
  } catch (e) {
    const err = e instanceof HttpError ? e : new HttpError(500, 'internal_error', 'Server failure.')
    status = err.status
    payload = errorBody(err)
    headers = err.headers
  }
  // The contract: every 429 and 503 says when to retry, also when a console fault named no time.
  if ((status === 429 || status === 503) && headers['Retry-After'] === undefined)
    headers = { ...headers, 'Retry-After': '1' }
  const keyId = req.headers['x-api-key-id']
  const signature = req.headers['x-api-signature']
  env.log({
    at: new Date(now).toISOString(),
    method,
    path: rawPath,
    key_id: typeof keyId === 'string' ? keyId : null,
    signature: typeof signature === 'string' ? signature : null,
    idempotency_key: idempotencyHeader,
    status,
    error_code: status >= 400 ? (payload as { error: { code: string } }).error.code : null,
    request_id: requestId,
  })
  if (fault?.mode === 'drop_after_commit') return void req.socket.destroy()
  sendJson(res, requestId, status, payload, headers)
}
