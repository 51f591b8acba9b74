import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { runDemo, type RunningDemo } from '../../../electron/cli/demo'
import { demoSecretStore } from '../../../electron/cli/demo/demo-secret-store'
import { MemorySecretStore } from '../../harness/memory-secret-store'

/** The real demo (simulator, core, server) in this process, reached the way the page reaches it. */
let demo: RunningDemo
let origin: string
let token: string
const notes: string[] = []
/** The data folder of a demo whose process is gone (killed with kill -9), as the next run finds it. */
const leftover = join(tmpdir(), `payout-desk-demo-${spawnSync(process.execPath, ['-e', '']).pid}-killed`)

beforeAll(async () => {
  mkdirSync(leftover)
  // A keychain that refuses everything: the demo's in-memory fallback, which the top bar must announce.
  const noKeychain = new MemorySecretStore()
  noKeychain.failOn.add('set')
  demo = await runDemo({
    open: false,
    log: (l) => notes.push(l),
    ready: (l) => notes.push(l),
    secrets: () => demoSecretStore(noKeychain),
  })
  const url = new URL(demo.url)
  origin = url.origin
  token = url.searchParams.get('token') ?? ''
}, 120_000)

afterAll(async () => {
  await demo?.close()
})

/** The fields these tests read from the answers they get. */
type Data = { id?: string; profile?: { id: string }; walletCount?: number }
type Reply = { id: unknown; result: { ok: boolean; data?: Data; error?: { code: string; message: string } } }

function connect(query: string, headers: Record<string, string> = { Origin: origin }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/desk-bridge${query}`, { headers })
    ws.once('open', () => resolve(ws))
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)))
    ws.once('error', reject)
  })
}

/** Sends raw text and waits for the next reply (events are skipped). */
function exchange(ws: WebSocket, raw: string): Promise<Reply> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString())
      if ('event' in message) return
      ws.off('message', onMessage)
      resolve(message as Reply)
    }
    ws.on('message', onMessage)
    ws.send(raw)
  })
}

let nextId = 1
const call = (ws: WebSocket, channel: string, input: unknown = {}) =>
  exchange(ws, JSON.stringify({ id: nextId++, channel, input }))

describe('demo start', () => {
  it('removes the data folder a killed demo left behind, and says so', () => {
    expect(existsSync(leftover)).toBe(false)
    expect(notes).toContain(`demo: removed ${leftover}, left by a demo that was killed`)
  })
})

describe('demo server: who may connect', () => {
  it('prints the ready line with a long random token', () => {
    expect(notes).toContain(`demo ready ${demo.url}`)
    expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/)
  })

  it('refuses a bridge connection without the token', async () => {
    await expect(connect('')).rejects.toThrow('refused 403')
  })

  it('refuses a wrong token, even one of the right length', async () => {
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
    await expect(connect(`?token=${wrong}`)).rejects.toThrow('refused 403')
  })

  it('refuses another origin, and a missing one', async () => {
    await expect(connect(`?token=${token}`, { Origin: 'http://evil.example' })).rejects.toThrow('refused 403')
    await expect(connect(`?token=${token}`, { Origin: 'http://localhost:' + new URL(origin).port })).rejects.toThrow(
      'refused 403',
    )
    await expect(connect(`?token=${token}`, {})).rejects.toThrow('refused 403')
  })

  it('refuses a request addressed to another host name (DNS rebinding)', async () => {
    await expect(connect(`?token=${token}`, { Origin: origin, Host: 'rebind.example:80' })).rejects.toThrow(
      'refused 403',
    )
  })

  it('serves the page only with the token, and injects the bridge script', async () => {
    expect((await fetch(`${origin}/`)).status).toBe(403)
    expect((await fetch(`${origin}/?token=nope`)).status).toBe(403)
    const page = await fetch(demo.url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await page.text()
    expect(html).toContain('<script src="/desk-bridge.js"></script>')
    expect(html).not.toMatch(/<script>(?!<)/)
    // Assets need the page's cookie (set with the token), never work without it.
    expect((await fetch(`${origin}/desk-bridge.js`)).status).toBe(403)
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    expect(page.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/)
    expect((await fetch(`${origin}/desk-bridge.js`, { headers: { cookie } })).status).toBe(200)
  })
})

describe('demo server: the bridge', () => {
  let ws: WebSocket
  beforeAll(async () => {
    ws = await connect(`?token=${token}`)
  })
  afterAll(() => ws?.close())

  it('answers app.info from the real core, with the in-memory keys flag', async () => {
    const reply = await call(ws, 'app.info')
    expect(reply.result.ok).toBe(true)
    expect(reply.result.data).toMatchObject({ name: 'Payout Desk', shell: 'browser-demo', keysInMemory: true })
    expect(demo.keysInMemory).toBe(true)
  })

  it('answers malformed messages with a clear error and keeps serving', async () => {
    const notJson = await exchange(ws, '{not json')
    expect(notJson).toEqual({
      id: null,
      result: { ok: false, error: { code: 'bad_message', message: expect.stringMatching(/not JSON/) } },
    })
    const noId = await exchange(ws, JSON.stringify({ channel: 'app.info', input: {} }))
    expect(noId.result.error?.code).toBe('bad_message')
    const array = await exchange(ws, '[1,2]')
    expect(array.result.error?.code).toBe('bad_message')
    const noChannel = await exchange(ws, JSON.stringify({ id: 7, input: {} }))
    expect(noChannel).toMatchObject({ id: 7, result: { ok: false, error: { code: 'bad_message' } } })
    expect((await call(ws, 'app.info')).result.ok).toBe(true)
  })

  it('answers an unknown channel and bad input with errors', async () => {
    const unknown = await call(ws, 'fs.readFile', { file: '/etc/passwd' })
    expect(unknown.result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
    const bad = await call(ws, 'profiles.create', { name: 42 })
    expect(bad.result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })

  it('refuses a profile pointing anywhere but its own simulator, saying why', async () => {
    for (const baseUrl of ['https://api.provider.example', 'http://127.0.0.1:4010', 'http://localhost:1']) {
      const reply = await call(ws, 'profiles.create', { name: 'Elsewhere', environment: 'sandbox', baseUrl })
      expect(reply.result.ok).toBe(false)
      expect(reply.result.error?.code).toBe('demo_simulator_only')
      expect(reply.result.error?.message).toContain('only talks to its own local simulator')
      expect(reply.result.error?.message).toContain(demo.simulator.sandboxUrl)
    }
    expect((await call(ws, 'profiles.list')).result.data).toEqual([])
  })

  it('takes the quick start against its own simulator and pushes core events', async () => {
    const events: string[] = []
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString())
      if ('event' in message) events.push(message.event)
    })
    const reply = await call(ws, 'quickstart.simulator')
    expect(reply.result.error).toBeUndefined()
    expect(reply.result.data?.profile).toMatchObject({
      baseUrl: demo.simulator.sandboxUrl,
      hasKey: true,
      environment: 'sandbox',
    })
    expect(reply.result.data?.walletCount).toBeGreaterThan(0)
    expect(events).toContain('profiles.changed')
    const wallets = await call(ws, 'profiles.current')
    expect(wallets.result.data?.id).toBe(reply.result.data?.profile?.id)
  })

  it('refuses a file path named by the page', async () => {
    const reply = await call(ws, 'transactions.export', { path: '/tmp/owned-by-the-page.csv' })
    expect(reply.result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(existsSync('/tmp/owned-by-the-page.csv')).toBe(false)
  })

  it('still lets a profile be created for its own simulator', async () => {
    const reply = await call(ws, 'profiles.create', {
      name: 'Own sandbox',
      environment: 'sandbox',
      baseUrl: demo.simulator.sandboxUrl,
    })
    expect(reply.result).toMatchObject({ ok: true, data: { baseUrl: demo.simulator.sandboxUrl } })
  })
})

describe('demo exit', () => {
  it('removes its data directory and refuses connections afterwards', async () => {
    const dir = demo.dataDir
    expect(existsSync(dir)).toBe(true)
    await demo.close()
    expect(existsSync(dir)).toBe(false)
    await expect(fetch(demo.url)).rejects.toThrow()
  })
})
