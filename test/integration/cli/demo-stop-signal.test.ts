import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../../electron/cli/run-cli'

describe('payout-desk demo and the signal that stops it', () => {
  // Under load, a SIGTERM sent as the link appeared reached a process that did not listen yet: it ended by default,
  // its data left behind, and the launcher's stop test waited for a goodbye that never came.
  it('listens for SIGTERM and SIGINT before it prints its link, and such a signal removes its data', async () => {
    const kept = { term: process.listeners('SIGTERM'), int: process.listeners('SIGINT') }
    const before = { term: kept.term.length, int: kept.int.length }
    let atReady: { term: number; int: number } | null = null
    let stderr = ''
    const code = await runCli(['demo', '--no-open', '--port', '0'], {
      out: (text) => {
        if (!text.startsWith('demo ready ')) return
        atReady = { term: process.listenerCount('SIGTERM'), int: process.listenerCount('SIGINT') }
        // What the signal handler does, without sending this test process a real SIGTERM.
        setImmediate(() => process.listeners('SIGTERM').at(-1)?.('SIGTERM'))
      },
      err: (text) => void (stderr += `${text}\n`),
      readStdin: async () => '',
      stdinIsTty: false,
      readLine: async () => '',
      readHiddenLine: async () => '',
    })
    expect(atReady).toEqual({ term: before.term + 1, int: before.int + 1 })
    expect({ code, stderr }).toMatchObject({ code: 0 })
    const removed = /demo: SIGTERM, stopping and removing (\S+)/.exec(stderr)?.[1]
    expect(removed).toBeDefined()
    expect(existsSync(removed!)).toBe(false)
    // The listeners called by hand stay registered: this worker runs other files next.
    for (const signal of ['SIGTERM', 'SIGINT'] as const)
      for (const l of process.listeners(signal))
        if (!kept[signal === 'SIGTERM' ? 'term' : 'int'].includes(l)) process.removeListener(signal, l)
  })
})
