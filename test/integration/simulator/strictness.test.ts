import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canonicalString, signCanonical, signHeaders, withRequestId } from '../../harness/test-signer'
import { startFixture, type Fixture } from './sim-fixture'

/**
 * The stricter choices of docs/simulator.md: Retry-After always on 429/503, header formats before the signature, UUID
 * cursors.
 */
let f: Fixture
beforeAll(async () => {
  f = await startFixture('demo')
})
afterAll(() => f.sim.close())

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** One request over a raw socket, so header bytes go out exactly as given (UTF-8, which fetch cannot send). */
function rawRequest(lines: string[], body: string): Promise<string> {
  const { hostname, port } = new URL(f.url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.end(Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'utf8')),
    )
    let answer = ''
    socket.on('data', (c) => (answer += c.toString('latin1')))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

describe('Retry-After on every 429 and 503', () => {
  it.each([429, 503] as const)('sends Retry-After 1 on an injected %i that set none', async (status) => {
    await f.console.faults({ method: 'GET', path_prefix: '/api/v1/wallets', mode: 'status', status, times: 1 })
    const res = await f.api('GET', '/api/v1/wallets')
    expect(res.status).toBe(status)
    expect(res.headers.get('retry-after')).toBe('1')
  })
})

describe('Idempotency-Key format before the signature', () => {
  const body = JSON.stringify({
    wallet_id: 'wal-ops',
    asset: 'USDC',
    amount: '1',
    destination: '0x52908400098527886E0F7030069857D2E4169EE7',
  })

  it('answers 400 validation_failed, not 401, for a key sent as UTF-8 (not printable ASCII)', async () => {
    const path = withRequestId('/api/v1/withdrawals')
    const headers = signHeaders(f.keyId, f.key, 'POST', path, body, { idempotencyKey: 'clé-1' })
    const lines = [
      `POST ${path} HTTP/1.1`,
      `Host: ${new URL(f.url).host}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ]
    const answer = await rawRequest(lines, body)
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(answer).toContain('"code":"validation_failed"')
  })

  it('checks the format even when the signature is wrong too', async () => {
    const path = withRequestId('/api/v1/withdrawals')
    const headers = {
      ...signHeaders(f.keyId, f.key, 'POST', path, body, { idempotencyKey: 'a b' }),
      'x-api-signature': signCanonical(f.key, canonicalString('1', 'POST', path, '', '')),
    }
    const res = await fetch(`${f.url}${path}`, { method: 'POST', headers, body })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed')
  })
})

describe('transaction cursors', () => {
  it('are UUIDs that the server maps to the paging state', async () => {
    const first = await f.api('GET', '/api/v1/transactions?limit=2')
    const cursor = first.body.meta.next_cursor as string
    expect(cursor).toMatch(UUID)
    const second = await f.api('GET', `/api/v1/transactions?limit=2&cursor=${cursor}`)
    expect(second.status).toBe(200)
    expect(second.body.data.map((l: { id: string }) => l.id)).not.toContain(first.body.data[0].id)
  })

  it.each([
    ['not a UUID', 'not-a-cursor'],
    ['a UUID the server never issued', '00000000-0000-4000-8000-000000000000'],
  ])('refuses %s with 400 validation_failed', async (_what, cursor) => {
    const res = await f.api('GET', `/api/v1/transactions?cursor=${cursor}`)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('validation_failed')
  })
})
