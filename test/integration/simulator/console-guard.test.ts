import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'

/** Raw HTTP, so a test can send the Host, Origin and Content-Type a browser page elsewhere would. */
function post(
  url: string,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        path,
        method: 'POST',
        headers: { 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        let text = ''
        res.on('data', (c) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe("the simulator console answers only the machine's own pages", () => {
  let sim: RunningSimulator
  let url: string
  let host: string
  const keyBody = JSON.stringify({ workspace_id: 'ws-demo', algorithm: 'hmac' })
  const json = { 'content-type': 'application/json' }

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'demo', quiet: true })
    url = sim.sandbox.url
    host = new URL(url).host
  })
  afterAll(() => sim.close())

  it('mints a key for its own origin, with or without an Origin header', async () => {
    expect((await post(url, '/_console/keys', keyBody, { ...json, host })).status).toBe(200)
    expect((await post(url, '/_console/keys', keyBody, { ...json, host, origin: url })).status).toBe(200)
  })

  it.each<[string, Record<string, string>]>([
    ['a rebound host name (DNS rebinding)', { host: 'attacker.example:4010' }],
    ['its address on another port', { host: '127.0.0.1:1' }],
    ['a foreign Origin', { origin: 'http://attacker.example' }],
    ['an opaque Origin (null)', { origin: 'null' }],
  ])('refuses %s with 403 and mints nothing', async (_what, headers) => {
    const res = await post(url, '/_console/keys', keyBody, { ...json, host, ...headers })
    expect(res.status).toBe(403)
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'forbidden', message: expect.any(String) } })
    expect(res.body).not.toContain('secret')
  })

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a %s body with 403 (a form post)',
    async (type) => {
      const res = await post(url, '/_console/keys', keyBody, { host, 'content-type': type })
      expect(res.status).toBe(403)
    },
  )

  it('still takes a bodiless action without a Content-Type', async () => {
    const res = await post(url, '/_console/reset', '', { host })
    expect(res.status).toBe(200)
  })
})
