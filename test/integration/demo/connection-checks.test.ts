import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { checkBridgeConnection, isLoopbackAddress, tokensMatch } from '../../../electron/cli/demo/connection-checks'
import { simulatorOnly } from '../../../electron/cli/demo/simulator-only-guard'

const gate = { token: 'the-token-of-this-run', origin: 'http://127.0.0.1:5555' }

function request(
  remoteAddress: string,
  headers: Record<string, string>,
  url = `/desk-bridge?token=${gate.token}`,
): IncomingMessage {
  return { socket: { remoteAddress }, headers, url } as unknown as IncomingMessage
}

describe('demo connection checks', () => {
  it('knows loopback peers from the rest', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a)).toBe(true)
    for (const a of ['10.0.0.1', '192.168.1.5', '::ffff:192.168.1.5', 'fe80::1', '0.0.0.0', '', undefined])
      expect(isLoopbackAddress(a)).toBe(false)
  })

  it('compares tokens exactly', () => {
    expect(tokensMatch(gate.token, gate.token)).toBe(true)
    expect(tokensMatch(gate.token + 'x', gate.token)).toBe(false)
    expect(tokensMatch('', gate.token)).toBe(false)
    expect(tokensMatch(null, gate.token)).toBe(false)
  })

  it('accepts only the page itself, from this computer, with the token', () => {
    const good = { host: '127.0.0.1:5555', origin: gate.origin }
    expect(checkBridgeConnection(request('127.0.0.1', good), gate)).toEqual({ ok: true })
    const fromLan = checkBridgeConnection(request('192.168.1.5', good), gate)
    expect(fromLan).toMatchObject({ ok: false, status: 403, reason: expect.stringMatching(/loopback/) })
    expect(checkBridgeConnection(request('127.0.0.1', { ...good, origin: 'null' }), gate).ok).toBe(false)
    expect(checkBridgeConnection(request('127.0.0.1', { ...good, host: 'localhost:5555' }), gate).ok).toBe(false)
    expect(checkBridgeConnection(request('127.0.0.1', good, '/desk-bridge'), gate)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/token/),
    })
  })
})

describe('simulator-only guard', () => {
  const stored: Record<string, string> = { mine: 'http://127.0.0.1:4999', foreign: 'https://api.provider.example' }
  const seen: string[] = []
  const dispatch = simulatorOnly(
    async (channel) => {
      seen.push(String(channel))
      return { ok: true, data: null }
    },
    {
      allowedBaseUrls: ['http://127.0.0.1:4999', 'http://127.0.0.1:5000'],
      profileBaseUrl: async (id) => stored[id] ?? null,
    },
  )

  it('refuses choosing or using a profile that points elsewhere, before the core sees it', async () => {
    const reply = await dispatch('profiles.select', { profileId: 'foreign' })
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'demo_simulator_only', message: expect.stringContaining('https://api.provider.example') },
    })
    expect((await dispatch('keys.test', { profileId: 'foreign' })).ok).toBe(false)
    expect(seen).toEqual([])
  })

  it('lets its own simulator, unknown profiles (the core answers) and other calls through', async () => {
    expect((await dispatch('profiles.select', { profileId: 'mine' })).ok).toBe(true)
    expect((await dispatch('profiles.select', { profileId: 'missing' })).ok).toBe(true)
    expect((await dispatch('profiles.create', { baseUrl: 'http://127.0.0.1:5000/' })).ok).toBe(true)
    expect((await dispatch('app.info', {})).ok).toBe(true)
    expect((await dispatch('profiles.create', { baseUrl: 'not a url' })).ok).toBe(false)
    expect(seen).toEqual(['profiles.select', 'profiles.select', 'profiles.create', 'app.info'])
  })
})
