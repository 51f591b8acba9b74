import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { request } from 'node:http'
import { generateEd25519Key, signedFetch } from '../../harness/test-signer'
import { ETH, startFixture, type Fixture } from './sim-fixture'

let f: Fixture
beforeAll(async () => {
  f = await startFixture()
})
afterAll(() => f.sim.close())

describe('rate limit', () => {
  it('counts each key in a sliding window and answers 429 with Retry-After until the oldest request leaves it', async () => {
    await f.console.settings({ rate_limit_per_minute: 3, rate_limit_window_s: 2 })
    const key = generateEd25519Key()
    const keyId = await f.console.registerEd25519Key(f.workspaceId, key.publicKeyBase64)
    const call = () => signedFetch(f.url, keyId, key, 'GET', '/api/v1/wallets')
    for (let i = 0; i < 3; i++) expect((await call()).status).toBe(200)
    const limited = await call()
    expect(limited.status).toBe(429)
    expect(limited.body.error.code).toBe('rate_limited')
    expect(limited.headers.get('retry-after')).toMatch(/^[12]$/)
    expect((await f.api('GET', '/api/v1/wallets')).status).toBe(200)
    await new Promise((r) => setTimeout(r, Number(limited.headers.get('retry-after')) * 1000 + 50))
    expect((await call()).status).toBe(200)
    await f.console.settings({ rate_limit_per_minute: 1_000_000, rate_limit_window_s: 60 })
  })
})

describe('faults', () => {
  it('answers an injected status before doing anything, with Retry-After, for the given number of times', async () => {
    await f.console.faults({
      method: 'GET',
      path_prefix: '/api/v1/wallets',
      mode: 'status',
      status: 503,
      retry_after: 7,
      times: 2,
    })
    for (let i = 0; i < 2; i++) {
      const res = await f.api('GET', '/api/v1/wallets')
      expect(res.status).toBe(503)
      expect(res.body.error.code).toBe('service_unavailable')
      expect(res.headers.get('retry-after')).toBe('7')
    }
    expect((await f.api('GET', '/api/v1/wallets')).status).toBe(200)
    await f.console.faults({ method: 'POST', mode: 'status', status: 500, times: 1 })
    expect((await f.api('GET', '/api/v1/counterparties')).status).toBe(200)
    const failed = await f.api('POST', '/api/v1/counterparties', {})
    expect(failed.status).toBe(500)
    expect(failed.body.error.code).toBe('internal_error')
    expect(failed.headers.get('retry-after')).toBeNull()
  })

  it('drop_after_commit commits the request, then closes the socket without an answer', async () => {
    const wallet = await f.console.createWallet(f.workspaceId, 'Drop', [ETH])
    const cp = await f.api('POST', '/api/v1/counterparties', {
      network: 'ethereum-sepolia',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      counterparty_type: 'company',
      company_name: 'A',
      wallet_type: 'unhosted',
      country: 'FR',
    })
    await f.console.verify(cp.body.data.id)
    await f.console.faults({ method: 'POST', path_prefix: '/api/v1/withdrawals', mode: 'drop_after_commit', times: 1 })
    const key = randomUUID()
    const body = {
      wallet_id: wallet.id,
      asset: 'ETH',
      amount: '1',
      destination: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    }
    await expect(f.api('POST', '/api/v1/withdrawals', body, key)).rejects.toThrow()
    const found = await f.api('GET', `/api/v1/withdrawals?idempotency_key=${key}`)
    expect(found.body.data).toHaveLength(1)
    const replay = await f.api('POST', '/api/v1/withdrawals', body, key)
    expect(replay.status).toBe(200)
    expect(replay.body.meta.idempotent_replay).toBe(true)
  })

  it('verifies a destination now, or at a given past time; a time that is not one is refused', async () => {
    const cp = await f.api('POST', '/api/v1/counterparties', {
      network: 'ethereum-sepolia',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      counterparty_type: 'company',
      company_name: 'A',
      wallet_type: 'unhosted',
      country: 'FR',
    })
    const before = Date.now()
    const now = await f.console.verify(cp.body.data.id)
    expect(now.can_send).toBe(true)
    expect(Date.parse(now.verified_at)).toBeGreaterThanOrEqual(before - 1000)
    const aged = await f.console.verify(cp.body.data.id, '2026-01-02T03:04:05.000Z')
    expect(aged.verified_at).toBe('2026-01-02T03:04:05.000Z')
    const bad = await f.console.call('POST', `counterparties/${cp.body.data.id}/verify`, { verified_at: 'yesterday' })
    expect(bad.status).toBe(400)
    expect((bad.body as { error: { message: string } }).error.message).toMatch(/verified_at/)
  })

  it('refuses malformed fault specs', async () => {
    for (const spec of [
      { mode: 'status' },
      { mode: 'explode', times: 1 },
      { mode: 'status', status: 418, times: 1 },
      { mode: 'status', status: 503, times: 0 },
    ]) {
      expect((await f.console.call('POST', 'faults', spec)).status).toBe(400)
    }
  })
})

describe('request log', () => {
  it('records every /api/v1 request oldest first with key, signature, idempotency key, status, error code and request id', async () => {
    const before = (await f.console.requests()).length
    const ok = await f.api('GET', '/api/v1/wallets')
    const bad = await f.api('POST', '/api/v1/withdrawals', { nope: 1 }, 'log-key')
    await f.console.settings({})
    const log = (await f.console.requests()).slice(before)
    expect(log).toHaveLength(2)
    expect(log[0]).toMatchObject({
      method: 'GET',
      key_id: f.keyId,
      status: 200,
      error_code: null,
      request_id: ok.headers.get('x-request-id'),
    })
    expect(log[0]!.path).toMatch(/^\/api\/v1\/wallets\?_request_id=/)
    expect(log[0]!.signature).toMatch(/==$/)
    expect(log[1]).toMatchObject({
      method: 'POST',
      idempotency_key: 'log-key',
      status: 400,
      error_code: 'validation_failed',
      request_id: bad.headers.get('x-request-id'),
    })
    expect(Date.parse(log[1]!.at)).toBeGreaterThanOrEqual(Date.parse(log[0]!.at))
  })
})

describe('console', () => {
  it('lists workspaces, creates ones in an organisation, and resets to demo or empty', async () => {
    const ws = await f.console.createWorkspace('Org B', { organisation_id: 'org-b' })
    expect(ws.organisation_id).toBe('org-b')
    expect((await f.console.workspaces()).map((w) => w.id)).toContain(ws.id)
    const prod = (await import('../../harness/sim-console')).simConsole(f.sim.production.url)
    await prod.reset('demo')
    expect((await prod.workspaces()).find((w) => w.id === 'ws-demo')).toMatchObject({
      organisation_id: expect.any(String),
      parent_id: null,
    })
    await prod.reset('empty')
    expect(await prod.workspaces()).toEqual([])
  })

  it('keeps idempotency keys per organisation: another organisation may reuse a key', async () => {
    const wallet = await f.console.createWallet(f.workspaceId, 'Org wallet', [ETH])
    const address = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'
    const cp = await f.api('POST', '/api/v1/counterparties', {
      network: 'ethereum-sepolia',
      address,
      counterparty_type: 'company',
      company_name: 'A',
      wallet_type: 'unhosted',
      country: 'FR',
    })
    await f.console.verify(cp.body.data.id)
    const key = randomUUID()
    expect(
      (
        await f.api(
          'POST',
          '/api/v1/withdrawals',
          { wallet_id: wallet.id, asset: 'ETH', amount: '1', destination: address },
          key,
        )
      ).status,
    ).toBe(202)
    const orgWs = await f.console.createWorkspace('Elsewhere', { organisation_id: `org-${randomUUID()}` })
    const k = generateEd25519Key()
    const kId = await f.console.registerEd25519Key(orgWs.id, k.publicKeyBase64)
    const res = await signedFetch(
      f.url,
      kId,
      k,
      'POST',
      '/api/v1/withdrawals',
      { wallet_id: wallet.id, asset: 'ETH', amount: '1', destination: address },
      key,
    )
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('wallet_not_found')
  })

  it.each([
    ['keys for an unknown workspace', 'keys', { workspace_id: 'ws-none', algorithm: 'hmac' }, 404],
    ['keys with an unknown field', 'keys', { workspace_id: 'x', algorithm: 'hmac', scope: 'all' }, 400],
    [
      'a wallet on an unknown network',
      'wallets',
      {
        workspace_id: 'ws-none',
        name: 'x',
        balances: [{ asset: 'X', network: 'nope', amount: '1', available: '1', decimals: 2 }],
      },
      400,
    ],
    ['settings with a string', 'settings', { rate_limit_per_minute: '5' }, 400],
    ['a reset with an unknown seed', 'reset', { seed: 'full' }, 400],
    ['a transaction for an unknown wallet', 'transactions', { wallet_id: 'nope', generate: 3 }, 404],
    ['verify of an unknown destination', 'counterparties/nope/verify', undefined, 404],
    ['an unknown withdrawal action', `withdrawals/${randomUUID()}/teleport`, undefined, 404],
    ['an unknown endpoint', 'nothing', {}, 404],
  ])('answers %s with an error envelope', async (_name, path, body, status) => {
    const res = await f.console.call('POST', path, body)
    expect(res.status).toBe(status)
    expect((res.body as { error: { code: string; message: string } }).error.message).toBeTruthy()
  })

  it('adds movements in the three forms', async () => {
    const a = await f.console.createWallet(f.workspaceId, 'A', [ETH])
    const b = await f.console.createWallet(f.workspaceId, 'B', [ETH])
    const one = await f.console.addTransactions({
      wallet_id: a.id,
      direction: 'out',
      asset: 'ETH',
      network: 'ethereum-sepolia',
      amount: '0.5',
      fee: '0.001',
      created_at: '2025-01-02T03:04:05.000Z',
    })
    expect(one).toHaveLength(1)
    expect(one[0]).toMatchObject({
      direction: 'out',
      fee: '0.001',
      fee_asset: 'ETH',
      created_at: '2025-01-02T03:04:05.000Z',
    })
    const move = await f.console.addTransactions({
      wallet_id: a.id,
      to_wallet_id: b.id,
      asset: 'ETH',
      network: 'ethereum-sepolia',
      amount: '2',
    })
    expect(move.map((l) => l.direction)).toEqual(['out', 'in'])
    expect(move[0].id).toBe(move[1].id)
    const many = await f.console.addTransactions({ wallet_id: a.id, generate: 40 })
    expect(many.length).toBeGreaterThanOrEqual(40)
  })

  it('serves a human console page and refuses malformed JSON with 400', async () => {
    const page = await fetch(`${f.url}/_console/`)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(await page.text()).toContain('Verify a destination')
    const res = await fetch(`${f.url}/_console/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    })
    expect(res.status).toBe(400)
  })

  it('survives a malformed HTTP request and keeps serving', async () => {
    const { port } = new URL(f.url)
    await new Promise<void>((resolve) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/api/v1/wallets', method: 'GET', headers: { 'content-length': 'abc' } },
        () => resolve(),
      )
      req.on('error', () => resolve())
      req.end()
    })
    expect((await f.api('GET', '/api/v1/wallets')).status).toBe(200)
  })
})
