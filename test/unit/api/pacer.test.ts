import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Pacer, pacerFor } from '../../../electron/core/api/pacer'

function maxInAnyWindow(times: number[], windowMs: number): number {
  let max = 0
  for (const t of times) max = Math.max(max, times.filter((u) => u >= t && u < t + windowMs).length)
  return max
}

describe('sliding-window pacer', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }))
  afterEach(() => vi.useRealTimers())

  it('never lets more than L requests start in any window, for many concurrent callers', async () => {
    const pacer = new Pacer({ limit: 10, windowSeconds: 1, marginMs: 0 })
    const starts: number[] = []
    const all = Array.from({ length: 55 }, () =>
      pacer.acquire('interactive').then((release) => {
        starts.push(Date.now())
        release()
      }),
    )
    await vi.advanceTimersByTimeAsync(10_000)
    await Promise.all(all)
    expect(starts).toHaveLength(55)
    expect(maxInAnyWindow(starts, 1000)).toBe(10)
    // sliding, not bucketed: batch k starts exactly one window after batch k-1
    expect(starts[10]! - starts[0]!).toBe(1000)
    expect(starts[54]! - starts[0]!).toBe(5000)
  })

  it('waits for the oldest request to leave the window, unlike a refilling bucket', async () => {
    const pacer = new Pacer({ limit: 4, windowSeconds: 2, marginMs: 0 })
    for (let i = 0; i < 4; i++) {
      ;(await pacer.acquire('interactive'))()
      await vi.advanceTimersByTimeAsync(400)
    }
    // 1600 ms after the first: a bucket refilling at 2/s would allow one now; the window does not
    expect(pacer.status().remaining).toBe(0)
    let started = false
    void pacer.acquire('interactive').then(() => (started = true))
    await vi.advanceTimersByTimeAsync(399)
    expect(started).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(started).toBe(true)
  })

  it('honours Retry-After by blocking the key for everyone', async () => {
    const pacer = new Pacer({ limit: 100, windowSeconds: 60, marginMs: 0 })
    ;(await pacer.acquire('interactive'))()
    pacer.blockFor(3)
    expect(pacer.status()).toMatchObject({ remaining: 0, blockedUntil: Date.now() + 3000 })
    const t0 = Date.now()
    let at = 0
    void pacer.acquire('interactive').then(() => (at = Date.now()))
    await vi.advanceTimersByTimeAsync(5000)
    expect(at - t0).toBe(3000)
    expect(pacer.status().remaining).toBe(98)
  })

  it('reports the remaining budget and tells listeners', async () => {
    const pacer = new Pacer({ limit: 3, windowSeconds: 1, marginMs: 0 })
    const seen: number[] = []
    pacer.onChange((s) => seen.push(s.remaining))
    ;(await pacer.acquire('interactive'))()
    ;(await pacer.acquire('interactive'))()
    expect(seen).toEqual([2, 1])
    await vi.advanceTimersByTimeAsync(1000)
    expect(pacer.status().remaining).toBe(3)
  })

  it('keeps a request in the window until a window after its answer, since the provider counts its arrival', async () => {
    const pacer = new Pacer({ limit: 2, windowSeconds: 1, marginMs: 0 })
    const first = await pacer.acquire('interactive')
    await pacer.acquire('interactive')
    await vi.advanceTimersByTimeAsync(3000)
    expect(pacer.status().remaining).toBe(0)
    first()
    let started = 0
    void pacer.acquire('interactive').then(() => (started = Date.now()))
    const answeredAt = Date.now()
    await vi.advanceTimersByTimeAsync(2000)
    expect(started - answeredAt).toBe(1000)
  })

  it('stops waiting when the caller aborts', async () => {
    const pacer = new Pacer({ limit: 1, windowSeconds: 10, marginMs: 0 })
    await pacer.acquire('interactive')
    const ac = new AbortController()
    const waiting = pacer.acquire('interactive', ac.signal)
    ac.abort(new Error('stop'))
    await expect(waiting).rejects.toThrow('stop')
  })

  it('is shared per base URL and key id', () => {
    expect(pacerFor('http://127.0.0.1:9/a', 'k1')).toBe(pacerFor('http://127.0.0.1:9/b', 'k1'))
    expect(pacerFor('http://127.0.0.1:9', 'k1')).not.toBe(pacerFor('http://127.0.0.1:9', 'k2'))
  })
})
