import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { quickStartSimulator } from '../../../electron/core/keys/use-cases'
import { KeyringSecretStore, type SecretStore } from '../../../electron/core/vault'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { MemorySecretStore } from '../../harness/memory-secret-store'

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
    expect(result.profile).toMatchObject({
      name: 'Local simulator',
      environment: 'sandbox',
      embedded: true,
      hasKey: true,
      baseUrl: sim.sandbox.url,
    })
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

/** The real keychain, except that writes wait until the test lets them through: a keychain that does not answer. */
function stalledWrites(inner: SecretStore) {
  let release!: () => void
  const released = new Promise<void>((done) => (release = done))
  const store: SecretStore = {
    get: (account) => inner.get(account),
    set: async (account, value) => {
      await released
      await inner.set(account, value)
    },
    delete: (account) => inner.delete(account),
    accounts: () => inner.accounts(),
  }
  return { store, release }
}

describe('a quick start whose step stalls or fails', () => {
  const deskWith = async (secretStore: SecretStore) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'quickstart-stall-'))
    const d = await createDesk({ dataDir, shell: 'electron', version: '0.0.0-test', secretStore })
    return { d, dataDir }
  }
  const embedded = async () => ({ sandboxUrl: sim.sandbox.url, consoleUrl: `${sim.sandbox.url}/_console/` })

  it('ends by its deadline naming the step the keychain stalled, and leaves no profile or key once the keychain answers', async () => {
    const real = new KeyringSecretStore()
    const { store, release } = stalledWrites(real)
    const { d, dataDir } = await deskWith(store)
    const err = await quickStartSimulator(d.keys, embedded, { deadlineMs: 1_000 }).catch((e: unknown) => e)
    expect(err).toMatchObject({
      code: 'timeout',
      message: expect.stringMatching(/^The quick start stopped at "store a new key in the keychain".*keychain/),
    })
    const [made] = await d.keys.profiles.list()
    release()
    await vi.waitFor(async () => expect(await d.keys.profiles.list()).toEqual([]), { timeout: 20_000 })
    expect(await real.get(made!.id)).toBeNull()
    await d.dispose()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('a step that fails is named in the error, with the keychain’s own advice', async () => {
    const memory = new MemorySecretStore()
    memory.failOn.add('set')
    const { d, dataDir } = await deskWith(memory)
    const err = await quickStartSimulator(d.keys, embedded).catch((e: unknown) => e)
    expect(err).toMatchObject({
      code: 'keychain_unavailable',
      message: expect.stringMatching(/^The quick start stopped at "store a new key in the keychain": The OS keychain/),
    })
    await vi.waitFor(async () => expect(await d.keys.profiles.list()).toEqual([]))
    await d.dispose()
    await rm(dataDir, { recursive: true, force: true })
  })
})
