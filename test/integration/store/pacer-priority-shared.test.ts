import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Pacer, type Priority } from '../../../electron/core/api/pacer'
import { openDatabase } from '../../../electron/core/store/database'
import { StorePacerLedger } from '../../../electron/core/store/pacing/pacer-ledger'

/**
 * Two processes on one profile store (each with its own connection), on the injected clock: one follows payouts and
 * syncs history in the background, the other is a person's CLI or screen. Before, both drew from one undivided budget:
 * the background filled it and the person waited a window.
 */
describe('priorities in the profile store', () => {
  let dir: string
  beforeEach(async () => {
    vi.useFakeTimers({ now: 7_000_000 })
    dir = await mkdtemp(join(tmpdir(), 'pacer-priority-'))
  })
  afterEach(async () => {
    vi.useRealTimers()
    await rm(dir, { recursive: true, force: true })
  })

  const pacerOn = (file: string, process: string) =>
    new Pacer({
      limit: 20,
      windowSeconds: 1,
      marginMs: 0,
      ledger: new StorePacerLedger(openDatabase(file), 'https://x|key', process),
    })
  const start = (p: Pacer, priority: Priority, log: Array<{ at: number; priority: Priority }>) =>
    p.acquire(priority).then((release) => {
      log.push({ at: Date.now(), priority })
      release()
    })

  it("a person's request starts at once while another process's background work fills all it may", async () => {
    const file = join(dir, 'store.sqlite')
    const app = pacerOn(file, 'app')
    const cli = pacerOn(file, 'cli')
    const log: Array<{ at: number; priority: Priority }> = []
    const background = Array.from({ length: 60 }, () => start(app, 'background', log))
    await vi.advanceTimersByTimeAsync(10)
    expect(log).toHaveLength(10)
    expect(cli.status()).toMatchObject({ background: 10, remaining: 10 })
    const t = Date.now()
    await Promise.all(Array.from({ length: 10 }, () => start(cli, 'interactive', log)))
    expect(log.slice(10).every((s) => s.priority === 'interactive' && s.at === t)).toBe(true)
    await vi.advanceTimersByTimeAsync(10_000)
    await Promise.all(background)
  })

  it("a person's request waiting in one process makes the other's background work yield when the window turns", async () => {
    const file = join(dir, 'store.sqlite')
    const app = pacerOn(file, 'app')
    const cli = pacerOn(file, 'cli')
    const log: Array<{ at: number; priority: Priority }> = []
    // The window is full: ten background, ten of the person's.
    await Promise.all(Array.from({ length: 10 }, () => start(app, 'background', log)))
    await Promise.all(Array.from({ length: 10 }, () => start(cli, 'interactive', log)))
    const background = Array.from({ length: 10 }, () => start(app, 'background', log))
    await vi.advanceTimersByTimeAsync(300)
    const person = Array.from({ length: 5 }, () => start(cli, 'interactive', log))
    await vi.advanceTimersByTimeAsync(700)
    await Promise.all(person)
    const turned = log.slice(20)
    expect(turned.slice(0, 5).map((s) => s.priority)).toEqual(Array(5).fill('interactive'))
    await vi.advanceTimersByTimeAsync(5_000)
    await Promise.all(background)
    expect(log.slice(25).every((s) => s.priority === 'background')).toBe(true)
  })
})
