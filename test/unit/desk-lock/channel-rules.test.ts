import { describe, expect, it } from 'vitest'
import { ADMIN_ONLY, OPEN_WHILE_LOCKED, READS, WRITES } from '../../../electron/core/desk-lock/channel-rules'
import { CHANNELS, type ChannelName } from '../../../shared/ipc/channels'

const BRAKE: ChannelName = 'agent.stop'

describe("the lock's sorting of channels", () => {
  it('puts every channel in exactly one of open while locked, writes, reads or the brake', () => {
    const sorted = (name: ChannelName) =>
      [OPEN_WHILE_LOCKED.has(name), WRITES.has(name), READS.has(name), name === BRAKE].filter(Boolean).length
    const names = Object.keys(CHANNELS) as ChannelName[]
    expect(names.filter((name) => sorted(name) !== 1)).toEqual([])
  })

  it("keeps the notification channels' targets and the month's lock out of a viewer's and a treasurer's reach", () => {
    for (const name of ['notify.add', 'notify.remove', 'notify.set'] as const) expect(ADMIN_ONLY.has(name)).toBe(true)
    for (const name of ['close.lock', 'close.reopen', 'notify.test'] as const) expect(WRITES.has(name)).toBe(true)
  })
})
