import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Pacer } from '../../../electron/core/api/pacer'
import { openDatabase } from '../../../electron/core/store/database'
import { StorePacerLedger } from '../../../electron/core/store/pacing/pacer-ledger'

/**
 * The promise behind "a Retry-After one process was told holds for the other", on the injected clock: once the block is
 * in the store, no request on the key starts before it ends, from either connection (each process has its own).
 * The two-process test over HTTP cannot count this in wall-clock time: what the other process sends before the block
 * reaches the store depends on scheduling.
 */
describe('a Retry-After in the profile store', () => {
  let dir: string
  beforeEach(async () => {
    vi.useFakeTimers({ now: 5_000_000 })
    dir = await mkdtemp(join(tmpdir(), 'pacer-block-'))
  })
  afterEach(async () => {
    vi.useRealTimers()
    await rm(dir, { recursive: true, force: true })
  })

  it('holds every connection on the key until it ends: waiting ones and new ones start at its end, not before', async () => {
    const file = join(dir, 'store.sqlite')
    const pacerOn = (process: string) =>
      new Pacer({
        limit: 100,
        windowSeconds: 60,
        marginMs: 0,
        ledger: new StorePacerLedger(openDatabase(file), 'https://x|key', process),
      })
    const told = pacerOn('a')
    const other = pacerOn('b')
    ;(await other.acquire('interactive'))()
    told.blockFor(2)
    const blockEnds = Date.now() + 2000
    const starts: number[] = []
    const start = (p: Pacer) =>
      p.acquire('interactive').then((release) => {
        starts.push(Date.now())
        release()
      })
    const waiting = [start(other), start(told)]
    await vi.advanceTimersByTimeAsync(1000)
    waiting.push(start(other))
    await vi.advanceTimersByTimeAsync(1999)
    await Promise.all(waiting)
    expect(starts).toHaveLength(3)
    expect(starts.every((t) => t >= blockEnds)).toBe(true)
  })
})
