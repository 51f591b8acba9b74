import { describe, expect, it } from 'vitest'
import type { PersonView } from '../../../shared/ipc/channels/desk-lock'
import { DeskLock, type LockTimes } from '../../../electron/core/desk-lock/desk-lock'
import { DeskError } from '../../../electron/core/errors'

const ADA: PersonView = { id: 'p1', name: 'Ada', role: 'admin' }

/** Ada (passphrase "Ada-pass") on a production desk whose lock times are the settings `times` holds now. */
function rig(times: LockTimes) {
  let now = 1_000_000
  const lock = new DeskLock({
    people: {
      list: async () => [ADA],
      verify: async (name, passphrase) => {
        if (name !== 'Ada' || passphrase !== 'Ada-pass') throw new DeskError('wrong_passphrase', 'wrong')
        return ADA
      },
      add: async () => ADA,
      remove: async () => undefined,
      setPassphrase: async () => undefined,
      setRole: async () => ADA,
    },
    now: () => now,
    times: async () => times,
    isProduction: async () => true,
    audit: () => undefined,
    onChange: () => undefined,
  })
  return { lock, times, advance: (ms: number) => (now += ms) }
}

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'passed',
    (e: DeskError) => e.code,
  )

describe("the lock's times from the desk's settings", () => {
  it('locks after the idle minutes set, and asks again after the re-ask minutes set', async () => {
    const { lock, advance } = rig({ idleMinutes: 3, presenceMinutes: 1 })
    await lock.start()
    await lock.unlock('Ada', 'Ada-pass')
    expect((await lock.status()).idleMinutes).toBe(3)
    advance(61_000)
    expect(await code(lock.gate('payouts.request', {}))).toBe('passphrase_again')
    await lock.confirm('Ada-pass')
    expect(await code(lock.gate('payouts.request', {}))).toBe('passed')
    advance(2 * 60_000)
    lock.tick()
    expect(lock.locked).toBe(true)
  })

  it('takes a change the CLI made while the app runs, on its next look at the people', async () => {
    const { lock, times, advance } = rig({})
    await lock.start()
    await lock.unlock('Ada', 'Ada-pass')
    advance(4 * 60_000)
    lock.tick()
    expect(lock.locked).toBe(false)
    times.idleMinutes = 2
    await lock.status()
    lock.tick()
    expect(lock.locked).toBe(true)
  })
})
