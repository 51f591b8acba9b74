import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import type { PersonView } from '../../../shared/ipc/channels/desk-lock'
import { DeskLock } from '../../../electron/core/desk-lock/desk-lock'

const power = vi.hoisted(() => ({ idle: 0, emitter: null as unknown as import('node:events').EventEmitter }))
vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events')
  power.emitter = new Emitter()
  return {
    powerMonitor: {
      on: (event: string, fn: () => void) => power.emitter.on(event, fn),
      getSystemIdleTime: () => power.idle,
    },
  }
})
const { watchPresence } = await import('../../../electron/main/presence')

const ADA: PersonView = { id: 'p1', name: 'Ada', role: 'admin' }

async function unlockedDesk(now: () => number) {
  const lock = new DeskLock({
    people: {
      list: async () => [ADA],
      verify: async () => ADA,
      add: async () => ADA,
      remove: async () => undefined,
      setPassphrase: async () => undefined,
      setRole: async () => ADA,
    },
    now,
    isProduction: async () => false,
    audit: () => undefined,
    onChange: () => undefined,
  })
  await lock.start()
  await lock.unlock('Ada', 'any')
  return lock
}

describe("the desk lock's Electron glue", () => {
  it('locks on the lock screen and on suspend', async () => {
    const lock = await unlockedDesk(Date.now)
    watchPresence(lock)
    expect(power.emitter).toBeInstanceOf(EventEmitter)
    power.emitter.emit('lock-screen')
    expect(lock.locked).toBe(true)
    await lock.unlock('Ada', 'any')
    power.emitter.emit('suspend')
    expect(lock.locked).toBe(true)
  })

  it("locks once the system's idle time passes ten minutes, though the page saw no input either way", async () => {
    let now = 0
    const lock = await unlockedDesk(() => now)
    watchPresence(lock)
    now = 20 * 60_000
    power.idle = 30
    lock.tick()
    expect(lock.locked).toBe(false)
    power.idle = 10 * 60
    lock.tick()
    expect(lock.locked).toBe(true)
  })
})
