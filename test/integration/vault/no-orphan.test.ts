import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { KEYCHAIN_SERVICE, KeyringSecretStore, type SecretStore } from '../../../electron/core/vault'

// Runs under test/with-keychain.sh. Counts what the real Secret Service holds for our service.
function storedAccounts(): string[] {
  const out = execFileSync('secret-tool', ['search', '--all', 'service', KEYCHAIN_SERVICE], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return [...out.matchAll(/^attribute\.username = (.*)$/gm)].map((m) => m[1]!)
}

/** The real keychain, except that `set` is refused after `allowSets` successful writes. */
class RefusingStore implements SecretStore {
  private readonly inner = new KeyringSecretStore()
  constructor(public allowSets: number) {}
  get(a: string) {
    return this.inner.get(a)
  }
  async set(a: string, v: string) {
    if (this.allowSets-- <= 0) throw Object.assign(new Error('refused'), { code: 'keychain_unavailable' })
    return this.inner.set(a, v)
  }
  delete(a: string) {
    return this.inner.delete(a)
  }
  accounts() {
    return this.inner.accounts()
  }
}

let dir: string
let desk: Desk
const store = new RefusingStore(0)
let closedPort: number

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'no-orphan-'))
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  closedPort = (server.address() as { port: number }).port
  await new Promise((r) => server.close(r))
  desk = await createDesk({
    dataDir: dir,
    shell: 'electron',
    version: '0.0.0-test',
    secretStore: store,
    // A simulator that is "started" but whose console does not answer: quick start fails after making the key.
    embeddedSimulator: async () => ({ sandboxUrl: `http://127.0.0.1:${closedPort}`, consoleUrl: '' }),
  })
})
afterAll(async () => {
  await desk.dispose()
  await rm(dir, { recursive: true, force: true })
})

describe('nothing half-written in the real keychain', () => {
  it('a profile create whose key the keychain refuses leaves no profile and no entry', async () => {
    const before = storedAccounts()
    const result = await desk.router.dispatch('profiles.create', {
      name: 'A',
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:1',
    })
    expect(result.ok).toBe(false)
    expect(await desk.router.call('profiles.list', {})).toEqual([])
    expect(storedAccounts()).toEqual(before)
  })

  it('a quick start that fails after generating the key removes both the profile and the keychain entry', async () => {
    store.allowSets = 10
    const before = storedAccounts()
    const result = await desk.router.dispatch('quickstart.simulator', {})
    expect(result).toMatchObject({ ok: false, error: { code: 'network_error' } })
    expect(await desk.router.call('profiles.list', {})).toEqual([])
    expect(storedAccounts()).toEqual(before)
    expect(store.allowSets).toBeLessThan(10)
  })
})
