import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { DeskStore } from '../../../electron/core/store'
import { tsChild } from '../../harness/ts-child'

const CHILD = join(import.meta.dirname, '../../harness/holding-child.ts')

describe('an entry in flight in a live process, seen by another process opening the profile', () => {
  let dir: string
  let child: ChildProcessByStdio<Writable, Readable, null>
  let key: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mp-in-flight-'))
    child = spawn(process.execPath, [...tsChild(CHILD), dir], { stdio: ['pipe', 'pipe', 'inherit'] })
    key = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8')
        if (out.endsWith('\n')) resolve(out.trim())
      })
      child.once('exit', (code) => reject(new Error(`the holding process ended with ${code}`)))
    })
  })
  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await rm(dir, { recursive: true, force: true })
  })

  it('stays sending while its sender lives, however often the other process looks; becomes unknown once it is killed', async () => {
    const store = DeskStore.open(dir, 'app')
    try {
      const outbox = Outbox.open(store)
      let ticks = 0
      store.onTick(() => ticks++)
      expect(outbox.get(key)).toMatchObject({ state: 'sending' })
      // Each heartbeat tick is a sweep for entries whose sender is gone; two of them pass the child by.
      await expect.poll(() => ticks, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(2)
      expect(outbox.reclaimOrphans()).toEqual([])
      expect(outbox.get(key)).toMatchObject({ state: 'sending' })

      child.kill('SIGKILL')
      await expect.poll(() => outbox.get(key).state, { timeout: 15_000, interval: 100 }).toBe('unknown')
      expect(outbox.get(key).error).toMatchObject({ code: 'interrupted' })
    } finally {
      store.close()
    }
  }, 40_000)
})
