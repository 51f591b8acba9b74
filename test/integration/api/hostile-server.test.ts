import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../electron/core/api/api-client'
import { Pacer } from '../../../electron/core/api/pacer'
import { RequestSender } from '../../../electron/core/api/request-sender'
import type { AuditLine } from '../../../electron/core/api/audit-sink'
import { createEd25519Signer } from '../../../electron/core/signing'

/** A tiny provider that misbehaves on purpose; each test sets `handler`. */
type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void

const wallet = {
  id: 'w1',
  name: 'Main',
  status: 'active',
  address: '0x0000000000000000000000000000000000000001',
  deposit_addresses: [],
  networks: [],
  balances: [{ asset: 'USDC', network: 'ethereum-sepolia', amount: '12.5', available: '12.5', usd_value: 12.5 }],
  total_usd: 12.5,
}
const withdrawal = {
  id: '7d5e3b8a-1111-4222-8333-944445555666',
  status: 'pending_approval',
  wallet_id: 'w1',
  asset: 'USDC',
  amount: '1',
  destination: '0x52908400098527886E0F7030069857D2E4169EE7',
  network: 'ethereum-sepolia',
  tx_hash: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `srv-${status}`, ...headers })
  res.end(JSON.stringify(body))
}

describe('client against a hostile or broken provider', () => {
  let server: Server
  let handler: Handler
  let seen: Array<{ url: string; headers: IncomingMessage['headers']; body: string }> = []
  let audit: AuditLine[] = []
  let client: ApiClient
  let sender: RequestSender

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        seen.push({ url: req.url ?? '', headers: req.headers, body })
        handler(req, res, seen.length)
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.address() as AddressInfo).port
    sender = new RequestSender({
      baseUrl: `http://127.0.0.1:${port}`,
      signer: createEd25519Signer('key-1', new Uint8Array(32).fill(7)),
      pacer: new Pacer({ limit: 1000, windowSeconds: 1 }),
      audit: { record: (l) => audit.push(l) },
      maxAttempts: 3,
      backoff: { baseMs: 5, maxMs: 10 },
      timeouts: { totalMs: 1500, headersMs: 1000, bodyMs: 1000 },
      maxResponseBytes: 1024 * 1024,
    })
    client = new ApiClient(sender, 'interactive')
  })
  afterEach(() => {
    seen = []
    audit = []
  })
  afterAll(async () => {
    await sender.close()
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  })

  it('accepts a well-formed answer', async () => {
    handler = (_q, res) => json(res, 200, { data: [wallet], meta: {} })
    expect(await client.listWallets()).toEqual([wallet])
  })

  it.each<[string, Handler, RegExp]>([
    ['bad JSON', (_q, res) => res.end('{"data": [ oops'), /not JSON/],
    [
      'an amount as a number',
      (_q, res) =>
        json(res, 200, { data: [{ ...wallet, balances: [{ ...wallet.balances[0], amount: 12.5 }] }], meta: {} }),
      /data\[0\]\.balances\[0\]\.amount/,
    ],
    [
      'a missing field',
      (_q, res) => json(res, 200, { data: [{ ...wallet, total_usd: undefined }], meta: {} }),
      /total_usd/,
    ],
    [
      'an undeclared huge body',
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        const chunk = Buffer.alloc(64 * 1024, 0x20)
        for (let i = 0; i < 40; i++) res.write(chunk)
        res.end()
      },
      /larger than/,
    ],
    [
      'a declared huge body',
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) })
        res.write('{')
      },
      /larger than/,
    ],
  ])('refuses %s as invalid_response, without retrying', async (_label, h, message) => {
    handler = h
    const err = await client.listWallets().catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'invalid_response', message: expect.stringMatching(message) })
    expect(seen).toHaveLength(1)
  })

  it('gives up on a body that trickles past the deadline, with a timeout error', async () => {
    handler = (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const timer = setInterval(() => (res.writable ? res.write(' ') : clearInterval(timer)), 100)
      res.on('close', () => clearInterval(timer))
    }
    const t0 = Date.now()
    const err = await client.listWallets().catch((e: unknown) => e)
    expect(err).toMatchObject({ name: 'NetworkError', kind: 'timeout', code: 'timeout' })
    expect(seen).toHaveLength(3)
    expect(Date.now() - t0).toBeLessThan(3 * 1500 + 1000)
  })

  it('gives up on a connection that never answers, within the timeout per attempt', async () => {
    handler = () => undefined
    const t0 = Date.now()
    const err = await client.getWallet('w1').catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'timeout', message: expect.stringMatching(/gave up after 3 attempts/) })
    expect(Date.now() - t0).toBeLessThan(3 * 1500 + 1000)
    expect(audit.map((a) => a.errorCode)).toEqual(['timeout', 'timeout', 'timeout'])
  })

  it('retries a read after 500 and 503, each attempt freshly signed', async () => {
    handler = (_q, res, n) =>
      n === 1
        ? json(res, 500, { error: { code: 'internal_error', message: 'boom' } })
        : n === 2
          ? json(res, 503, { error: { code: 'service_unavailable', message: 'later' } }, { 'retry-after': '0' })
          : json(res, 200, { data: wallet, meta: {} })
    expect(await client.getWallet('w1')).toEqual(wallet)
    expect(seen).toHaveLength(3)
    expect(new Set(seen.map((s) => s.headers['x-api-signature'])).size).toBe(3)
    expect(new Set(seen.map((s) => new URL(s.url, 'http://x').searchParams.get('_request_id'))).size).toBe(3)
    expect(audit.map((a) => [a.status, a.errorCode, a.path])).toEqual([
      [500, 'internal_error', '/api/v1/wallets/w1'],
      [503, 'service_unavailable', '/api/v1/wallets/w1'],
      [200, null, '/api/v1/wallets/w1'],
    ])
  })

  it('reports an API error with status, code, X-Request-Id and Retry-After after bounded attempts', async () => {
    handler = (_q, res) =>
      json(res, 429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '0' })
    const err = await client.listWallets().catch((e: unknown) => e)
    expect(err).toMatchObject({
      name: 'ApiError',
      status: 429,
      code: 'rate_limited',
      requestId: 'srv-429',
      retryAfterSeconds: 0,
    })
    expect((err as { toIpc(): unknown }).toIpc()).toEqual({
      code: 'rate_limited',
      message: 'slow down (gave up after 3 attempts)',
      requestId: 'srv-429',
    })
    expect(seen).toHaveLength(3)
  })

  it('fails a read fast when Retry-After exceeds the rate window, stating the wait, without freezing the key', async () => {
    handler = (_q, res, n) =>
      n === 1
        ? json(res, 429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '3600' })
        : json(res, 200, { data: [], meta: {} })
    const t0 = Date.now()
    const err = await client.listWallets().catch((e: unknown) => e)
    expect(err).toMatchObject({
      name: 'ApiError',
      code: 'rate_limited',
      retryAfterSeconds: 3600,
      message: expect.stringMatching(/wait 3600 s/),
    })
    expect(Date.now() - t0).toBeLessThan(1_000)
    expect(seen).toHaveLength(1)
    expect(sender.pacer.status().blockedUntil).toBeNull()
    expect(await client.listWallets()).toEqual([])
  })

  it('hands a payout the over-long Retry-After instead of waiting, so the outbox decides', async () => {
    handler = (_q, res) =>
      json(res, 429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '7200' })
    const body = {
      wallet_id: 'w1',
      asset: 'USDC',
      amount: '1',
      destination: withdrawal.destination,
      network: 'ethereum-sepolia',
    }
    const err = await client.createWithdrawal(body, 'key-long-wait').catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 7200 })
    expect(seen).toHaveLength(1)
    expect(sender.pacer.status().blockedUntil).toBeNull()
  })

  it('ignores a Retry-After that is not digits and backs off as without one', async () => {
    handler = (_q, res) =>
      json(res, 503, { error: { code: 'service_unavailable', message: 'later' } }, { 'retry-after': 'soon, maybe -1' })
    const err = await client.listWallets().catch((e: unknown) => e)
    expect(err).toMatchObject({
      code: 'service_unavailable',
      retryAfterSeconds: undefined,
      message: expect.stringMatching(/gave up after 3 attempts/),
    })
    expect(seen).toHaveLength(3)
    expect(sender.pacer.status().blockedUntil).toBeNull()
  })

  it('does not follow a 301 to another host, and says where it pointed', async () => {
    handler = (_q, res) =>
      res.writeHead(301, { location: 'https://elsewhere.example/api/v1/wallets', 'x-request-id': 'srv-301' }).end()
    const err = await client.listWallets().catch((e: unknown) => e)
    expect(err).toMatchObject({
      code: 'invalid_response',
      status: 301,
      requestId: 'srv-301',
      message: expect.stringMatching(/redirect.*elsewhere\.example.*not followed.*base URL/),
    })
    expect(seen).toHaveLength(1)
  })

  it('refuses valid JSON one byte over the 4 MiB default cap', async () => {
    const capped = new RequestSender({
      baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
      signer: createEd25519Signer('key-1', new Uint8Array(32).fill(7)),
      pacer: new Pacer(),
      maxAttempts: 1,
    })
    const head = '{"data":[],"meta":{},"pad":"'
    const body = head + 'x'.repeat(4 * 1024 * 1024 + 1 - head.length - 2) + '"}'
    expect(Buffer.byteLength(body)).toBe(4 * 1024 * 1024 + 1)
    handler = (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body)
    const err = await new ApiClient(capped, 'interactive').listWallets().catch((e: unknown) => e)
    await capped.close()
    expect(err).toMatchObject({ code: 'invalid_response', message: expect.stringMatching(/larger than 4194304 bytes/) })
  })

  it('does not retry a certificate failure (https to a plain-http server)', async () => {
    const port = (server.address() as { port: number }).port
    const lines: AuditLine[] = []
    const tls = new RequestSender({
      baseUrl: `https://127.0.0.1:${port}`,
      signer: createEd25519Signer('key-1', new Uint8Array(32).fill(7)),
      pacer: new Pacer(),
      audit: { record: (l) => lines.push(l) },
      maxAttempts: 3,
      backoff: { baseMs: 5, maxMs: 10 },
    })
    const err = await new ApiClient(tls, 'interactive').listWallets().catch((e: unknown) => e)
    await tls.close()
    expect(err).toMatchObject({ name: 'NetworkError', kind: 'tls' })
    expect(lines).toHaveLength(1)
  })

  it('keeps an error code outside the contract in the message, never passing it on as a code', async () => {
    handler = (_q, res) => json(res, 418, { error: { code: 'teapot', message: 'short and stout' } })
    const err = await client.listWallets().catch((e: unknown) => e)
    expect(err).toMatchObject({
      status: 418,
      code: 'invalid_response',
      message: expect.stringMatching(/provider code "teapot", not in the API contract/),
    })
  })

  it('keeps 500 characters of an endless error message', async () => {
    handler = (_q, res) => json(res, 404, { error: { code: 'wallet_not_found', message: 'z'.repeat(100_000) } })
    const err = await client.getWallet('w1').catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'wallet_not_found', message: 'z'.repeat(500) })
  })

  it('does not retry a definite refusal', async () => {
    handler = (_q, res) => json(res, 404, { error: { code: 'wallet_not_found', message: 'no such wallet' } })
    await expect(client.getWallet('nope')).rejects.toMatchObject({
      status: 404,
      code: 'wallet_not_found',
      requestId: 'srv-404',
    })
    expect(seen).toHaveLength(1)
  })

  it('learns the clock offset from Date on invalid_timestamp and retries once', async () => {
    const serverNow = Date.now() + 3600_000
    handler = (req, res) => {
      const ts = Number(req.headers['x-api-timestamp'])
      if (Math.abs(ts - serverNow / 1000) > 300) {
        json(
          res,
          401,
          { error: { code: 'invalid_timestamp', message: 'skew' } },
          { date: new Date(serverNow).toUTCString() },
        )
      } else json(res, 200, { data: [], meta: {} })
    }
    expect(await client.listWallets()).toEqual([])
    expect(seen).toHaveLength(2)
    expect(sender.clockOffsetSeconds).toBeGreaterThan(3590)
    seen = []
    await client.listWallets()
    expect(seen).toHaveLength(1)
  })

  it('retries a payout with the same Idempotency-Key and byte-identical body after a dropped connection', async () => {
    handler = (req, res, n) =>
      n === 1 ? req.socket.destroy() : json(res, 200, { data: withdrawal, meta: { idempotent_replay: true } })
    const body = {
      wallet_id: 'w1',
      asset: 'USDC',
      amount: '1',
      destination: withdrawal.destination,
      network: 'ethereum-sepolia',
    }
    const answer = await client.createWithdrawal(body, 'key-abc')
    expect(answer).toMatchObject({ replay: true, withdrawal: { id: withdrawal.id } })
    expect(seen).toHaveLength(2)
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual(['key-abc', 'key-abc'])
    expect(seen[0]!.body).toBe(JSON.stringify(body))
    expect(seen[1]!.body).toBe(seen[0]!.body)
    expect(seen[0]!.headers['x-api-signature']).not.toBe(seen[1]!.headers['x-api-signature'])
    expect(audit.map((a) => a.idempotencyKey)).toEqual(['key-abc', 'key-abc'])
  })

  it.each<[string, () => Promise<unknown>]>([
    [
      'an amount as a number',
      () =>
        client.createWithdrawal(
          { wallet_id: 'w1', asset: 'USDC', amount: 5 as unknown as string, destination: withdrawal.destination },
          'k',
        ),
    ],
    [
      'too many decimals',
      () =>
        client.createWithdrawal(
          { wallet_id: 'w1', asset: 'USDC', amount: '1.1234567', destination: withdrawal.destination },
          'k',
        ),
    ],
    [
      'a zero amount',
      () =>
        client.createWithdrawal(
          { wallet_id: 'w1', asset: 'USDC', amount: '0.00', destination: withdrawal.destination },
          'k',
        ),
    ],
    [
      'a destination of the wrong network',
      () =>
        client.createWithdrawal(
          { wallet_id: 'w1', asset: 'USDC', amount: '1', destination: 'tb1qnotanaddress', network: 'ethereum-sepolia' },
          'k',
        ),
    ],
    [
      'an Idempotency-Key with a space',
      () =>
        client.createWithdrawal(
          { wallet_id: 'w1', asset: 'USDC', amount: '1', destination: withdrawal.destination },
          'a b',
        ),
    ],
    [
      'an unknown field',
      () =>
        client.createWithdrawal(
          { wallet_id: 'w1', asset: 'USDC', amount: '1', destination: withdrawal.destination, memo: 'x' } as never,
          'k',
        ),
    ],
    [
      'a bad counterparty address',
      () =>
        client.createCounterparty({
          network: 'bitcoin-testnet',
          address: '0x1',
          counterparty_type: 'company',
          company_name: 'A',
          wallet_type: 'unhosted',
          country: 'DE',
        }),
    ],
    ['an over-long id', () => client.getWallet('w'.repeat(129))],
  ])('refuses %s in core before anything is sent', async (_label, call) => {
    handler = (_q, res) => json(res, 500, {})
    await expect(call()).rejects.toMatchObject({ code: 'invalid_input' })
    expect(seen).toHaveLength(0)
  })
})
