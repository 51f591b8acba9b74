import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Pacer, type Priority } from '../../../electron/core/api/pacer'

/** Starts `n` requests of a priority that end at once; resolves with their start times. */
function burst(pacer: Pacer, priority: Priority, n: number, starts: Array<{ at: number; priority: Priority }>) {
  return Promise.all(
    Array.from({ length: n }, () =>
      pacer.acquire(priority).then((release) => {
        starts.push({ at: Date.now(), priority })
        release()
      }),
    ),
  )
}

describe('pacer priorities', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }))
  afterEach(() => vi.useRealTimers())

  it('background work takes at most its share of a window and leaves the rest to a person', async () => {
    const pacer = new Pacer({ limit: 120, windowSeconds: 60, marginMs: 0 })
    const starts: Array<{ at: number; priority: Priority }> = []
    void burst(pacer, 'background', 300, starts)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(starts).toHaveLength(60)
    expect(pacer.status()).toMatchObject({ remaining: 60, background: 60, backgroundLimit: 60 })
    // A person's requests start at once, up to the whole rest of the window.
    const t = Date.now()
    await burst(pacer, 'interactive', 60, starts)
    expect(starts.filter((s) => s.priority === 'interactive').every((s) => s.at === t)).toBe(true)
  })

  it('keeps a reserve: background does not take the last places a person left free', async () => {
    const pacer = new Pacer({ limit: 20, windowSeconds: 1, marginMs: 0, backgroundShare: 1 })
    const starts: Array<{ at: number; priority: Priority }> = []
    await burst(pacer, 'interactive', 10, starts)
    void burst(pacer, 'background', 20, starts)
    await vi.advanceTimersByTimeAsync(10)
    // 20 − 2 kept: eight background requests fit now.
    expect(starts.filter((s) => s.priority === 'background')).toHaveLength(8)
    expect(pacer.status().remaining).toBe(2)
  })

  it('a person waiting for a full window goes before background work that waited longer', async () => {
    const pacer = new Pacer({ limit: 10, windowSeconds: 1, marginMs: 0, backgroundShare: 1 })
    const starts: Array<{ at: number; priority: Priority }> = []
    await burst(pacer, 'interactive', 10, starts)
    const background = burst(pacer, 'background', 5, starts)
    await vi.advanceTimersByTimeAsync(500)
    const person = burst(pacer, 'interactive', 3, starts)
    await vi.advanceTimersByTimeAsync(600)
    await person
    const after = starts.slice(10)
    // When the window turns, the three of the person start first; background only once none waits.
    expect(after.slice(0, 3).map((s) => s.priority)).toEqual(['interactive', 'interactive', 'interactive'])
    expect(after.slice(0, 3).every((s) => s.at === 1_001_000)).toBe(true)
    await vi.advanceTimersByTimeAsync(2_000)
    await background
    expect(after.filter((s) => s.priority === 'background').every((s) => s.at > 1_001_000)).toBe(true)
  })
})
