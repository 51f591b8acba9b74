import { describe, expect, it } from 'vitest'
import { ClipboardWatch, POLL_MS, swapMessage, WATCH_MS } from '../../../electron/core/shell/clipboard-watch'

const COPIED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const ATTACKER = '0x5aaeb6053f3e94c9b9a02f33669435e7ef1beaed'

/** A clipboard, a clock and a timer the test moves by hand. */
function rig() {
  const state = { clipboard: COPIED, now: 1_000, reads: 0, timers: 0, ticks: [] as Array<() => Promise<void>> }
  const swaps: Array<{ network: string; copied: string; found: string }> = []
  const watch = new ClipboardWatch({
    read: async () => {
      state.reads++
      return state.clipboard
    },
    now: () => state.now,
    every: (tick, ms) => {
      expect(ms).toBe(POLL_MS)
      state.timers++
      state.ticks.push(tick)
      return () => {
        state.timers--
        state.ticks = state.ticks.filter((t) => t !== tick)
      }
    },
    onSwap: (s) => swaps.push(s),
  })
  const tick = async (ms = POLL_MS) => {
    state.now += ms
    await Promise.all([...state.ticks].map((t) => t()))
  }
  return { state, swaps, watch, tick }
}

describe('clipboard watch after the app copies an address', () => {
  it('warns once, naming both, when the clipboard changes to another address of the same network', async () => {
    const { state, swaps, watch, tick } = rig()
    watch.start('ethereum', COPIED)
    await tick()
    expect(swaps).toEqual([])
    state.clipboard = ATTACKER
    await tick()
    expect(swaps).toEqual([{ network: 'ethereum', copied: COPIED, found: ATTACKER }])
    expect(watch.watching).toBe(false)
    expect(state.timers).toBe(0)
    await tick()
    expect(swaps).toHaveLength(1)
    expect(swapMessage(swaps[0]!)).toContain(`you copied ${COPIED}, it now holds ${ATTACKER}`)
  })

  it('leaves other text, the same address in another spelling and an address of another network alone', async () => {
    const { state, swaps, watch, tick } = rig()
    watch.start('ethereum', COPIED)
    for (const text of ['hello', COPIED.toLowerCase(), 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '']) {
      state.clipboard = text
      await tick()
    }
    expect(swaps).toEqual([])
    expect(watch.watching).toBe(true)
  })

  it('stops after 60 seconds and never reads the clipboard again', async () => {
    const { state, swaps, watch, tick } = rig()
    watch.start('ethereum', COPIED)
    await tick(WATCH_MS)
    expect(watch.watching).toBe(true)
    await tick()
    expect(watch.watching).toBe(false)
    const reads = state.reads
    state.clipboard = ATTACKER
    await tick()
    await watch.poll()
    expect(state.reads).toBe(reads)
    expect(swaps).toEqual([])
  })

  it('a newer copy replaces the watch: one timer, the new address compared', async () => {
    const { state, swaps, watch, tick } = rig()
    watch.start('ethereum', COPIED)
    watch.start('ethereum', ATTACKER)
    expect(state.timers).toBe(1)
    state.clipboard = ATTACKER
    await tick()
    expect(swaps).toEqual([])
    state.clipboard = COPIED
    await tick()
    expect(swaps).toEqual([{ network: 'ethereum', copied: ATTACKER, found: COPIED }])
  })

  it('reads nothing before a copy, and does not watch an unknown network', async () => {
    const { state, watch, tick } = rig()
    await tick()
    watch.start('dogecoin', COPIED)
    await tick()
    expect(state.reads).toBe(0)
    expect(state.timers).toBe(0)
  })
})
