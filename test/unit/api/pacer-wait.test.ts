import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Pacer, type PacerStatus } from '../../../electron/core/api/pacer'

describe('the pacer says what waits for the request budget and until when', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }))
  afterEach(() => vi.useRealTimers())

  it("a person's request behind a spent budget is announced with its expected start, and again once it starts", async () => {
    const pacer = new Pacer({ limit: 3, windowSeconds: 60, marginMs: 0 })
    for (let i = 0; i < 3; i++) (await pacer.acquire('interactive'))()
    const seen: PacerStatus[] = []
    pacer.onChange((s) => seen.push(s))
    const t0 = Date.now()
    let started = false
    void pacer.acquire('interactive').then((release) => {
      started = true
      release()
    })
    await vi.advanceTimersByTimeAsync(10)
    expect(pacer.status().waiting).toEqual({ priority: 'interactive', since: t0, until: t0 + 60_000, reason: 'budget' })
    expect(seen.at(-1)?.waiting?.until).toBe(t0 + 60_000)
    expect(pacer.waiting()).toHaveLength(1)

    await vi.advanceTimersByTimeAsync(60_000)
    expect(started).toBe(true)
    expect(pacer.status().waiting).toBeNull()
    expect(seen.at(-1)?.waiting).toBeNull()
    expect(pacer.waiting()).toEqual([])
  })

  it("a wait the provider's Retry-After causes says so", async () => {
    const pacer = new Pacer({ limit: 100, windowSeconds: 60, marginMs: 0 })
    pacer.blockFor(20)
    const t0 = Date.now()
    void pacer.acquire('interactive').then((release) => release())
    await vi.advanceTimersByTimeAsync(10)
    expect(pacer.status().waiting).toMatchObject({ reason: 'retry_after', since: t0, until: t0 + 20_000 })
    await vi.advanceTimersByTimeAsync(20_000)
    expect(pacer.status().waiting).toBeNull()
  })

  it('background waits are listed for a command line to report but are not a person waiting on a screen', async () => {
    const pacer = new Pacer({ limit: 4, windowSeconds: 60, marginMs: 0 })
    for (let i = 0; i < 2; i++) (await pacer.acquire('background'))()
    void pacer.acquire('background').then((release) => release())
    await vi.advanceTimersByTimeAsync(10)
    expect(pacer.waiting()).toMatchObject([{ priority: 'background', reason: 'budget' }])
    expect(pacer.status().waiting).toBeNull()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(pacer.waiting()).toEqual([])
  })

  it('a wait given up (the caller aborted) ends its announcement', async () => {
    const pacer = new Pacer({ limit: 1, windowSeconds: 60, marginMs: 0 })
    ;(await pacer.acquire('interactive'))()
    const abort = new AbortController()
    const waiting = pacer.acquire('interactive', abort.signal).catch(() => 'aborted')
    await vi.advanceTimersByTimeAsync(10)
    expect(pacer.status().waiting).not.toBeNull()
    abort.abort()
    expect(await waiting).toBe('aborted')
    expect(pacer.status().waiting).toBeNull()
  })

  it('a wait of a moment is not announced', async () => {
    const pacer = new Pacer({ limit: 1, windowSeconds: 0.1, marginMs: 0 })
    ;(await pacer.acquire('interactive'))()
    const seen: PacerStatus[] = []
    pacer.onChange((s) => seen.push(s))
    void pacer.acquire('interactive').then((release) => release())
    await vi.advanceTimersByTimeAsync(200)
    expect(seen.every((s) => s.waiting === null)).toBe(true)
  })
})
