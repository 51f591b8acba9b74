import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'

// Runs under test/with-keychain.sh (real Secret Service).
let sim: RunningSimulator
let dir: string
let desk: Desk
let opened: string[]

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'demo', quiet: true })
  dir = await mkdtemp(join(tmpdir(), 'quickstart-'))
  opened = []
  desk = await createDesk({
    dataDir: dir,
    shell: 'electron',
    version: '0.0.0-test',
    embeddedSimulator: async () => ({ sandboxUrl: sim.sandbox.url, consoleUrl: `${sim.sandbox.url}/_console/` }),
    openExternal: async (url) => void opened.push(url),
  })
})
afterAll(async () => {
  await desk.dispose()
  for (const p of await desk.keys.profiles.list()) await desk.keys.remove(p.id)
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

describe('local simulator quick start', () => {
  it('creates, keys, registers, tests and selects an embedded sandbox profile', async () => {
    const result = await desk.router.call('quickstart.simulator', {})
    expect(result.profile).toMatchObject({ name: 'Local simulator', environment: 'sandbox', embedded: true, hasKey: true, baseUrl: sim.sandbox.url })
    expect(result.profile.keyId).toBeTruthy()
    expect(result.walletCount).toBeGreaterThan(0)
    expect(result.consoleUrl).toBe(`${sim.sandbox.url}/_console/`)
    expect((await desk.router.call('profiles.current', {}))?.id).toBe(result.profile.id)
    expect(await desk.router.call('keys.test', { profileId: result.profile.id })).toMatchObject({ ok: true })
  })

  it('repeating it reuses the embedded profile and its key', async () => {
    const before = await desk.router.call('profiles.list', {})
    const again = await desk.router.call('quickstart.simulator', {})
    expect(await desk.router.call('profiles.list', {})).toEqual(before)
    expect(again.profile.keyId).toBe(before[0]!.keyId)
  })

  it('re-registers a fresh key when the simulator no longer knows the old one', async () => {
    const [profile] = await desk.router.call('profiles.list', {})
    await fetch(`${sim.sandbox.url}/_console/keys/${encodeURIComponent(profile!.keyId!)}/revoke`, { method: 'POST' })
    const again = await desk.router.call('quickstart.simulator', {})
    expect(again.profile.id).toBe(profile!.id)
    expect(again.profile.keyId).not.toBe(profile!.keyId)
    expect(await desk.router.call('profiles.list', {})).toHaveLength(1)
  })

  it('opens the console through the shell', async () => {
    expect(await desk.router.call('simulator.openConsole', {})).toEqual({ url: `${sim.sandbox.url}/_console/` })
    expect(opened).toEqual([`${sim.sandbox.url}/_console/`])
  })
})
