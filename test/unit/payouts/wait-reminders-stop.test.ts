import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WaitReminders } from '../../../electron/core/payouts/wait-reminders'
import { DeskStore } from '../../../electron/core/store'

/** The reminder service as a session closes under it: every failure reaches a caller, and nothing looks after stop. */
describe('wait reminders while the session closes', () => {
  let dir: string
  afterEach(() => rm(dir, { recursive: true, force: true }))

  const setup = async (thresholdMinutes: () => Promise<number>) => {
    dir = await mkdtemp(join(tmpdir(), 'wait-reminders-stop-'))
    const store = DeskStore.open(dir, 'test')
    const emit = vi.fn()
    const reminders = new WaitReminders({ store, profileId: 'p1', thresholdMinutes, now: () => new Date(), emit })
    return { store, emit, reminders }
  }

  it('a look asked for during a look that fails (the store closed) fails to the caller, never as an unhandled rejection', async () => {
    let answer!: (minutes: number) => void
    const first = new Promise<number>((resolve) => (answer = resolve))
    const { store, reminders } = await setup(vi.fn().mockReturnValueOnce(first).mockResolvedValue(240))
    const looking = reminders.check()
    const again = reminders.check()
    expect(again).toBe(looking)
    store.close()
    answer(240)
    await expect(looking).rejects.toMatchObject({ code: 'store_error' })
  })

  it('after stop no look starts, and stop waits for the one running', async () => {
    const threshold = vi.fn().mockResolvedValue(240)
    const { store, emit, reminders } = await setup(threshold)
    const running = reminders.check()
    await reminders.stop()
    await expect(running).resolves.toBeUndefined()
    const calls = threshold.mock.calls.length
    store.close()
    await expect(reminders.check()).resolves.toBeUndefined()
    expect(threshold.mock.calls.length).toBe(calls)
    expect(emit).not.toHaveBeenCalled()
  })
})
