import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConnection, UNKNOWN_KEY_MESSAGE } from '../../../electron/core/keys/use-cases'
import { createEd25519Signer, createHmacSigner, ed25519PublicKey } from '../../../electron/core/signing'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { simConsole, type SimConsole } from '../../harness/sim-console'

let sim: RunningSimulator
let sandbox: SimConsole
let production: SimConsole

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'demo', quiet: true })
  sandbox = simConsole(sim.sandbox.url)
  production = simConsole(sim.production.url)
})
afterAll(() => sim.close())

async function registeredSigner(console_ = sandbox, options = {}) {
  const secret = Uint8Array.from(randomBytes(32))
  const keyId = await console_.registerEd25519Key(
    'ws-demo',
    Buffer.from(ed25519PublicKey(secret)).toString('base64'),
    options,
  )
  return createEd25519Signer(keyId, secret)
}

describe('connection test against the simulator', () => {
  it('succeeds with a registered key and counts the wallets', async () => {
    const result = await testConnection({ baseUrl: sim.sandbox.url, signer: await registeredSigner() })
    expect(result).toMatchObject({ ok: true })
    if (result.ok) {
      expect(result.walletCount).toBeGreaterThan(0)
      expect(Math.abs(result.clockOffsetSeconds ?? 99)).toBeLessThanOrEqual(2)
    }
  })

  it('succeeds with a legacy HMAC key', async () => {
    const { keyId, secret } = await sandbox.createHmacKey('ws-demo')
    expect(await testConnection({ baseUrl: sim.sandbox.url, signer: createHmacSigner(keyId, secret) })).toMatchObject({
      ok: true,
    })
  })

  it('explains an unregistered Key ID, with the request id', async () => {
    const signer = createEd25519Signer('key_not_registered', Uint8Array.from(randomBytes(32)))
    const result = await testConnection({ baseUrl: sim.sandbox.url, signer })
    expect(result).toMatchObject({ ok: false, reason: 'unknown_key', status: 401 })
    if (!result.ok) {
      expect(result.message).toContain(UNKNOWN_KEY_MESSAGE)
      expect(result.message).toMatch(/not registered.*other environment.*revoked or has expired/)
      expect(result.requestId).toBeTruthy()
      expect(result.message).toContain(result.requestId!)
    }
  })

  it('refuses a sandbox key at the production listener (wrong environment)', async () => {
    const result = await testConnection({ baseUrl: sim.production.url, signer: await registeredSigner(sandbox) })
    expect(result).toMatchObject({ ok: false, reason: 'unknown_key', status: 401 })
  })

  it('explains a revoked key and an expired key', async () => {
    const signer = await registeredSigner()
    await sandbox.revoke(signer.keyId)
    expect(await testConnection({ baseUrl: sim.sandbox.url, signer })).toMatchObject({
      ok: false,
      reason: 'unknown_key',
    })
    const expired = await registeredSigner(production, {
      expires_at: new Date(Date.now() - 60_000).toISOString(),
    }).catch(() => null)
    if (expired)
      expect(await testConnection({ baseUrl: sim.production.url, signer: expired })).toMatchObject({
        ok: false,
        reason: 'unknown_key',
      })
  })

  it('measures clock skew from the server Date header', async () => {
    const signer = await registeredSigner()
    const result = await testConnection({ baseUrl: sim.sandbox.url, signer, now: () => Date.now() - 1000_000 })
    expect(result).toMatchObject({ ok: false, reason: 'clock_skew', status: 401 })
    if (!result.ok) {
      expect(result.clockOffsetSeconds).toBeGreaterThan(990)
      expect(result.clockOffsetSeconds).toBeLessThan(1010)
      expect(result.message).toMatch(/ahead of this computer/)
    }
  })

  it('reports rate limiting and server errors from the server', async () => {
    const signer = await registeredSigner()
    await sandbox.faults({
      method: 'GET',
      path_prefix: '/api/v1/wallets',
      mode: 'status',
      status: 429,
      retry_after: 7,
      times: 1,
    })
    expect(await testConnection({ baseUrl: sim.sandbox.url, signer })).toMatchObject({
      ok: false,
      reason: 'rate_limited',
      status: 429,
      message: expect.stringMatching(/7 s/),
    })
    await sandbox.faults({ method: 'GET', path_prefix: '/api/v1/wallets', mode: 'status', status: 500, times: 1 })
    expect(await testConnection({ baseUrl: sim.sandbox.url, signer })).toMatchObject({
      ok: false,
      reason: 'server_error',
      status: 500,
    })
  })

  it('reports an unreachable host and a TLS failure', async () => {
    const signer = createEd25519Signer('k', Uint8Array.from(randomBytes(32)))
    const closed = await freePort()
    expect(await testConnection({ baseUrl: `http://127.0.0.1:${closed}`, signer })).toMatchObject({
      ok: false,
      reason: 'unreachable',
      message: expect.stringMatching(/refused/),
    })
    // https to a plain-http listener: the TLS handshake fails.
    const tls = await testConnection({ baseUrl: sim.sandbox.url.replace('http:', 'https:'), signer })
    expect(tls).toMatchObject({ ok: false, reason: 'tls' })
  })

  it('reports a timeout as unreachable and a non-API answer as invalid_response', async () => {
    const signer = createEd25519Signer('k', Uint8Array.from(randomBytes(32)))
    const slow = await serve((_req, _res) => undefined)
    expect(await testConnection({ baseUrl: slow.url, signer, timeoutMs: 300 })).toMatchObject({
      ok: false,
      reason: 'unreachable',
      message: expect.stringMatching(/no answer/),
    })
    await slow.close()
    const html = await serve((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'))
    expect(await testConnection({ baseUrl: html.url, signer })).toMatchObject({
      ok: false,
      reason: 'invalid_response',
      status: 200,
    })
    await html.close()
  })

  it("refuses an endless body at the client's size cap instead of reading it all", async () => {
    const signer = createEd25519Signer('k', Uint8Array.from(randomBytes(32)))
    const endless = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(256 * 1024, 0x20)
      const pump = () => {
        while (res.writable && res.write(chunk));
        if (res.writable) res.once('drain', pump)
      }
      pump()
    })
    const result = await testConnection({ baseUrl: endless.url, signer, timeoutMs: 5_000 })
    await endless.close()
    expect(result).toMatchObject({
      ok: false,
      reason: 'invalid_response',
      message: expect.stringMatching(/larger than 4194304 bytes/),
    })
  })

  it('reports a body that trickles past the deadline as a timeout', async () => {
    const signer = createEd25519Signer('k', Uint8Array.from(randomBytes(32)))
    const trickle = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const timer = setInterval(() => (res.writable ? res.write(' ') : clearInterval(timer)), 50)
      res.on('close', () => clearInterval(timer))
    })
    const t0 = Date.now()
    const result = await testConnection({ baseUrl: trickle.url, signer, timeoutMs: 500 })
    await trickle.close()
    expect(result).toMatchObject({
      ok: false,
      reason: 'timeout',
      message: expect.stringMatching(/started answering but the body did not arrive within 0\.5 s/),
    })
    expect(Date.now() - t0).toBeLessThan(2_000)
  })
})

async function serve(
  handler: Parameters<typeof createServer>[1],
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(handler)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
  }
}

async function freePort(): Promise<number> {
  const s = await serve(() => undefined)
  const port = Number(new URL(s.url).port)
  await s.close()
  return port
}
