import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CLOCK_OFFSET_TTL_MS } from '../../../electron/core/api/clock-offset'
import { ApiClient } from '../../../electron/core/api/api-client'
import { Pacer, realClock } from '../../../electron/core/api/pacer'
import { RequestSender } from '../../../electron/core/api/request-sender'
import { testConnection } from '../../../electron/core/keys/use-cases'
import { createEd25519Signer } from '../../../electron/core/signing'

/** A provider whose clock is `serverOffsetMs` away from the test's (fake) local clock; it enforces the 300 s window. */
describe('clock offset learnt from the Date header', () => {
  let server: Server
  let baseUrl: string
  let localNow = Date.now()
  let serverOffsetMs = 0
  let dateHeader: (serverNow: number) => string = (t) => new Date(t).toUTCString()
  let timestamps: number[] = []
  const clock = { now: () => localNow, sleep: realClock.sleep }
  const signer = createEd25519Signer('key-1', new Uint8Array(32).fill(3))
  const newSender = () => new RequestSender({ baseUrl, signer, clock, pacer: new Pacer(), maxAttempts: 1 })

  beforeAll(async () => {
    server = createServer((req, res) => {
      const serverNow = localNow + serverOffsetMs
      const ts = Number(req.headers['x-api-timestamp'])
      timestamps.push(ts)
      const skewed = Math.abs(ts - serverNow / 1000) > 300
      const body = skewed ? { error: { code: 'invalid_timestamp', message: 'skew' } } : { data: [], meta: {} }
      res
        .writeHead(skewed ? 401 : 200, { 'content-type': 'application/json', date: dateHeader(serverNow) })
        .end(JSON.stringify(body))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterEach(() => {
    timestamps = []
    localNow = Date.now()
    dateHeader = (t) => new Date(t).toUTCString()
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  })

  it('refuses a Date ten years off with a clear clock_skew error and keeps signing with the local clock', async () => {
    serverOffsetMs = 10 * 365 * 86_400_000
    const sender = newSender()
    const err = await new ApiClient(sender, 'interactive').listWallets().catch((e: unknown) => e)
    expect(err).toMatchObject({
      code: 'clock_skew',
      message: expect.stringMatching(/more than an hour.*this computer's clock or the provider's is wrong/),
    })
    expect(timestamps).toHaveLength(1)
    expect(sender.clockOffsetSeconds).toBeNull()
    serverOffsetMs = 0
    await new ApiClient(sender, 'interactive').listWallets()
    expect(Math.abs(timestamps.at(-1)! - localNow / 1000)).toBeLessThan(2)
    await sender.close()
  })

  it('learns an offset within the hour, then drops it after its lifetime and measures again', async () => {
    serverOffsetMs = 1_800_000
    const sender = newSender()
    const client = new ApiClient(sender, 'interactive')
    expect(await client.listWallets()).toEqual([])
    expect(timestamps).toHaveLength(2)
    expect(Math.abs(sender.clockOffsetSeconds! - 1800)).toBeLessThanOrEqual(1)
    localNow += CLOCK_OFFSET_TTL_MS + 1000
    expect(sender.clockOffsetSeconds).toBeNull()
    timestamps = []
    expect(await client.listWallets()).toEqual([])
    expect(timestamps).toHaveLength(2)
    expect(Math.abs(timestamps[0]! - localNow / 1000)).toBeLessThan(2)
    await sender.close()
  })

  it('says so when invalid_timestamp comes with a Date header that does not parse', async () => {
    serverOffsetMs = 1_800_000
    dateHeader = () => 'the day after yesterday'
    const sender = newSender()
    const err = await new ApiClient(sender, 'interactive').listWallets().catch((e: unknown) => e)
    expect(err).toMatchObject({
      code: 'invalid_timestamp',
      message: expect.stringMatching(/no Date header that parses/),
    })
    expect(timestamps).toHaveLength(1)
    expect(sender.clockOffsetSeconds).toBeNull()
    await sender.close()
  })

  it('shows an offset beyond the hour in the connection test as a wrong clock', async () => {
    serverOffsetMs = 10 * 365 * 86_400_000
    const result = await testConnection({ baseUrl, signer, now: clock.now })
    expect(result).toMatchObject({
      ok: false,
      reason: 'clock_skew',
      message: expect.stringMatching(/more than an hour/),
    })
    if (!result.ok) expect(Math.abs(result.clockOffsetSeconds! - serverOffsetMs / 1000)).toBeLessThanOrEqual(1)
  })
})
