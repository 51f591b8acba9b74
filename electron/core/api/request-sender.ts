import type { Pool } from 'undici'
import type { z } from 'zod'
import { auditPath, type AuditSink } from './audit-sink'
import { signAttempt, type Signer } from '../signing'
import { ClockOffset, measureOffsetSeconds } from './clock-offset'
import type { ApiRequest, ApiResponse } from './api-request'
import { ApiError, NetworkError } from './errors'
import { pacerFor, realClock, type Pacer, type PacerClock, type PacerOptions } from './pacer'
import {
  errorCode,
  header,
  noDateToLearn,
  parseBody,
  redirectRefused,
  toApiError,
  tooLongToWait,
} from './provider-answer'
import { backoffMs, isWaitWithinWindow, mayRetry } from './retry-policy'
import {
  createPool,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUTS,
  exchange,
  type RawResponse,
  type Timeouts,
} from './transport'

export interface RequestSenderOptions {
  baseUrl: string
  signer: Signer
  /** Shared per key by default; pass one to isolate (tests, benches). */
  pacer?: Pacer
  pacing?: PacerOptions
  audit?: AuditSink
  maxAttempts?: number
  backoff?: { baseMs: number; maxMs: number }
  timeouts?: Partial<Timeouts>
  maxResponseBytes?: number
  clock?: PacerClock
  userAgent?: string
  /**
   * On 401 invalid_timestamp, learn the offset from Date and retry once (default). The connection test reports the skew
   * instead.
   */
  learnClockOffset?: boolean
}

/**
 * The one pipeline every provider call goes through:
 * pace → sign (fresh `_request_id`, fresh timestamp) → send → classify → retry or return → validate.
 */
export class RequestSender {
  readonly pacer: Pacer
  private readonly pool: Pool
  private readonly host: string
  /**
   * The base URL's own path (`/custody` of `https://api.example.com/custody`), sent and signed before every
   * `/api/v1/...`.
   */
  private readonly basePath: string
  private readonly timeouts: Timeouts
  private readonly clock: PacerClock
  private readonly offset: ClockOffset
  private lastSuccess: number | null = null
  private observedOffset: number | null = null

  constructor(private readonly options: RequestSenderOptions) {
    const url = new URL(options.baseUrl)
    this.host = url.host
    this.basePath = url.pathname.replace(/\/+$/, '')
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
    this.pool = createPool(options.baseUrl, this.timeouts)
    this.clock = options.clock ?? realClock
    this.offset = new ClockOffset(() => this.clock.now())
    this.pacer = options.pacer ?? pacerFor(options.baseUrl, options.signer.keyId, options.pacing)
  }

  /**
   * Seconds added to the local clock when signing, learnt from the provider's Date header; null when none is in force.
   */
  get clockOffsetSeconds(): number | null {
    return this.offset.learntSeconds
  }

  /** Provider clock minus local clock as the last answer's Date header showed it; null when none did. */
  get observedOffsetSeconds(): number | null {
    return this.observedOffset
  }

  get lastSuccessAt(): number | null {
    return this.lastSuccess
  }

  async send<S extends z.ZodType>(req: ApiRequest<S>): Promise<ApiResponse<z.output<S>>> {
    const maxAttempts = this.options.maxAttempts ?? 5
    const bodyText = req.body === undefined ? undefined : JSON.stringify(req.body)
    let skewRetried = false
    // Whether an attempt so far may have been processed with its answer lost (the last error says so to the outbox).
    let uncertain = false
    for (let attempt = 1; ; attempt++) {
      const release = await this.pacer.acquire(req.priority, req.signal)
      let raw: RawResponse
      let dateOffset: number | null
      try {
        ;({ raw, dateOffset } = await this.attempt(req, bodyText))
      } catch (err) {
        release()
        if (!(err instanceof NetworkError) || !mayRetry(req.kind, { network: err.kind }) || attempt >= maxAttempts)
          throw this.exhausted(err, attempt)
        uncertain = true
        await this.clock.sleep(backoffMs(attempt, this.options.backoff), req.signal)
        continue
      }
      release()
      const requestId = header(raw, 'x-request-id')
      if (raw.status >= 200 && raw.status < 300) {
        const body = parseBody(raw, req.schema, requestId)
        this.lastSuccess = Date.now()
        return { status: raw.status, body, requestId }
      }
      if (raw.status >= 300 && raw.status < 400) throw redirectRefused(raw, requestId)
      const error = toApiError(raw, requestId)
      error.afterUncertainAttempt = uncertain
      if (error.status === 408 || (error.status >= 500 && error.status !== 503)) uncertain = true
      if (error.code === 'invalid_timestamp' && this.options.learnClockOffset !== false && !skewRetried) {
        if (dateOffset === null) throw noDateToLearn(error)
        this.offset.learn(dateOffset, requestId)
        skewRetried = true
        attempt--
        continue
      }
      const wait = error.retryAfterSeconds
      if (wait !== undefined && !isWaitWithinWindow(wait, this.pacer.windowMs / 1000)) {
        const tooLong = tooLongToWait(error, this.pacer.windowMs / 1000)
        tooLong.afterUncertainAttempt = error.afterUncertainAttempt
        throw tooLong
      }
      if (wait !== undefined) this.pacer.blockFor(wait)
      if (!mayRetry(req.kind, { status: error.status }) || attempt >= maxAttempts) throw this.exhausted(error, attempt)
      if (wait === undefined) await this.clock.sleep(backoffMs(attempt, this.options.backoff), req.signal)
    }
  }

  async close(): Promise<void> {
    await this.pool.close()
  }

  /**
   * One signed exchange; `dateOffset` is this answer's own Date header as an offset (null when it has none that
   * parses).
   */
  private async attempt(
    req: ApiRequest<z.ZodType>,
    bodyText: string | undefined,
  ): Promise<{ raw: RawResponse; dateOffset: number | null }> {
    const signed = signAttempt(this.options.signer, {
      method: req.method,
      path: this.basePath + req.path,
      query: req.query,
      body: bodyText,
      idempotencyKey: req.idempotencyKey,
      nowSeconds: this.clock.now() / 1000 + this.offset.seconds,
    })
    const headers: Record<string, string> = { ...signed.headers, accept: 'application/json' }
    if (bodyText !== undefined) headers['content-type'] = 'application/json'
    if (req.idempotencyKey !== undefined) headers['idempotency-key'] = req.idempotencyKey
    if (this.options.userAgent) headers['user-agent'] = this.options.userAgent
    const line = {
      at: new Date(this.clock.now()).toISOString(),
      method: req.method,
      path: auditPath(signed.pathWithQuery),
      idempotencyKey: req.idempotencyKey ?? null,
    }
    const sentAt = this.clock.now()
    try {
      const raw = await exchange(
        this.pool,
        this.host,
        { method: req.method, path: signed.pathWithQuery, headers, body: bodyText },
        this.timeouts,
        this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
        req.signal,
      )
      const dateOffset = measureOffsetSeconds(header(raw, 'date'), sentAt, this.clock.now())
      this.observedOffset = dateOffset ?? this.observedOffset
      const code = raw.status >= 300 ? errorCode(raw) : null
      this.options.audit?.record({
        ...line,
        status: raw.status,
        errorCode: code,
        requestId: header(raw, 'x-request-id') ?? null,
      })
      return { raw, dateOffset }
    } catch (err) {
      const e = err as { code?: string; status?: number; requestId?: string }
      this.options.audit?.record({
        ...line,
        status: e.status ?? null,
        errorCode: e.code ?? 'network_error',
        requestId: e.requestId ?? null,
      })
      throw err
    }
  }

  private exhausted(err: unknown, attempts: number): unknown {
    if (attempts > 1 && (err instanceof ApiError || err instanceof NetworkError)) {
      err.message = `${err.message} (gave up after ${attempts} attempts)`
    }
    return err
  }
}
