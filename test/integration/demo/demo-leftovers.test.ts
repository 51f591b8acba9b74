import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createDemoDataDir, removeStaleDemos } from '../../../electron/cli/demo/demo-leftovers'
import { KeyringSecretStore } from '../../../electron/core/vault'
import type { DemoChildState } from '../../harness/demo-child'
import { tsChild } from '../../harness/ts-child'

// Runs under test/with-keychain.sh: the killed demo's key is in the real keychain.
const CHILD = join(import.meta.dirname, '../../harness/demo-child.ts')
const keychain = new KeyringSecretStore()

/** A demo that stored one key and was then killed with kill -9, in `parent`. */
async function killedDemo(parent: string, account: string): Promise<DemoChildState> {
  const child = spawn(process.execPath, [...tsChild(CHILD), account], {
    env: { ...process.env, TMPDIR: parent },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
  return JSON.parse(line) as DemoChildState
}

describe('what a demo killed with kill -9 leaves behind', () => {
  let parent: string
  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'demo-leftovers-'))
  })
  afterEach(async () => {
    await rm(parent, { recursive: true, force: true })
  })

  it("the next run removes its data folder and its keychain entry, and leaves a live demo's folder alone", async () => {
    const account = `demo-leftover-${randomUUID()}`
    const killed = await killedDemo(parent, account)
    expect(killed.inMemory).toBe(false)
    expect(existsSync(killed.dataDir)).toBe(true)
    expect(await keychain.get(account)).toBe('demo secret')
    const live = await createDemoDataDir(parent)

    expect(await removeStaleDemos(keychain, parent)).toEqual({ removed: [killed.dataDir], kept: [] })
    expect(existsSync(killed.dataDir)).toBe(false)
    expect(await keychain.get(account)).toBeNull()
    expect(existsSync(live)).toBe(true)
  }, 60_000)

  it('without a keychain to remove its entries from, the folder that names them is kept for a later run', async () => {
    const account = `demo-leftover-${randomUUID()}`
    const killed = await killedDemo(parent, account)
    try {
      expect(await removeStaleDemos(null, parent)).toEqual({ removed: [], kept: [killed.dataDir] })
      expect(existsSync(killed.dataDir)).toBe(true)
    } finally {
      await keychain.delete(account)
    }
  }, 60_000)
})
