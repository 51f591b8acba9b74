import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Pacer } from '../../../electron/core/api/pacer'
import { reportBudgetWaits } from '../../../electron/cli/budget-wait-lines'

describe('the CLI says on stderr what a command waits for', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }))
  afterEach(() => vi.useRealTimers())

  it('one line when a request waits for the spent budget, with how long; none for a request that goes at once', async () => {
    const lines: string[] = []
    const stop = reportBudgetWaits((l) => lines.push(l))
    try {
      const pacer = new Pacer({ limit: 3, windowSeconds: 20, marginMs: 0 })
      for (let i = 0; i < 3; i++) (await pacer.acquire('interactive'))()
      expect(lines).toEqual([])
      await vi.advanceTimersByTimeAsync(2_000)
      let started = false
      void pacer.acquire('interactive').then((release) => {
        started = true
        release()
      })
      await vi.advanceTimersByTimeAsync(10)
      expect(lines).toEqual([
        'payout-desk: Waiting for the request budget: all 3 requests per 20 s of this key are in use (other work and ' +
          'other processes on the key share them); about 18 s more.',
      ])
      await vi.advanceTimersByTimeAsync(18_000)
      expect(started).toBe(true)
      expect(lines).toHaveLength(1)
    } finally {
      stop()
    }
  })

  it("the provider's Retry-After is named; a command waiting again and again says so every 15 s, not every time", async () => {
    const lines: string[] = []
    const stop = reportBudgetWaits((l) => lines.push(l))
    try {
      const pacer = new Pacer({ limit: 100, windowSeconds: 60, marginMs: 0 })
      pacer.blockFor(5)
      void pacer.acquire('interactive').then((release) => release())
      await vi.advanceTimersByTimeAsync(10)
      expect(lines).toEqual([
        'payout-desk: Waiting for the provider: it answered “too many requests” and asked to wait; about 5 s more.',
      ])
      for (let i = 0; i < 3; i++) {
        await vi.advanceTimersByTimeAsync(5_000)
        pacer.blockFor(5)
        void pacer.acquire('interactive').then((release) => release())
      }
      await vi.advanceTimersByTimeAsync(10)
      expect(lines).toHaveLength(2)
    } finally {
      stop()
    }
  })
})
