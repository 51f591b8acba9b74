import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { KeyringSecretStore, type SecretStore } from '../../../electron/core/vault'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { cli } from '../../harness/cli-runner'
import { simConsole } from '../../harness/sim-console'

/** Passes through to the real keychain and remembers every secret written, so the test knows what to look for. */
class RecordingStore implements SecretStore {
  readonly written: string[] = []
  private readonly inner = new KeyringSecretStore()
  get(account: string) {
    return this.inner.get(account)
  }
  set(account: string, value: string) {
    this.written.push(value)
    return this.inner.set(account, value)
  }
  delete(account: string) {
    return this.inner.delete(account)
  }
  accounts() {
    return this.inner.accounts()
  }
}

/** Every form a secret could leak in: raw bytes, hex, base64 (padded, unpadded, url-safe). */
function forms(stored: string): Buffer[] {
  const [tag, payload = ''] = [stored.slice(0, stored.indexOf(':')), stored.slice(stored.indexOf(':') + 1)]
  const raw = tag === 'ed25519' ? Buffer.from(payload, 'base64') : Buffer.from(payload, 'utf8')
  const texts = [
    raw.toString('hex'),
    raw.toString('hex').toUpperCase(),
    raw.toString('base64'),
    raw.toString('base64').replace(/=+$/, ''),
    raw.toString('base64url'),
    payload,
  ]
  return [raw, ...texts.map((t) => Buffer.from(t, 'utf8'))]
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

let sim: RunningSimulator
let dir: string
let desk: Desk
const store = new RecordingStore()
const transcript: string[] = []
const logs: string[] = []

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'demo', quiet: true })
  dir = await mkdtemp(join(tmpdir(), 'no-leak-'))
  desk = await createDesk({
    dataDir: dir,
    shell: 'electron',
    version: '0.0.0-test',
    secretStore: store,
    log: { error: (m, d) => void logs.push(`${m} ${String(d)} ${JSON.stringify(d ?? null)}`) },
    embeddedSimulator: async () => ({ sandboxUrl: sim.sandbox.url, consoleUrl: `${sim.sandbox.url}/_console/` }),
  })
  desk.events.subscribe((event, payload) => void transcript.push(JSON.stringify({ event, payload })))
})
afterAll(async () => {
  await desk.dispose()
  for (const p of await desk.keys.profiles.list()) await desk.keys.remove(p.id)
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

// Typed loosely on purpose: the test reads a few fields of whatever each channel answered.
async function call(channel: Parameters<Desk['router']['dispatch']>[0], input: unknown): Promise<never> {
  const result = await desk.router.dispatch(channel, input)
  transcript.push(JSON.stringify(result))
  return (result.ok ? result.data : null) as never
}

describe('no secret leaves the keychain', () => {
  it('after key generation, connection tests, rotation, HMAC import, reads and CLI runs, no output or file holds a secret', async () => {
    const console_ = simConsole(sim.sandbox.url)
    const ws = (await console_.createWorkspace('leak test')).id

    const profile: { id: string } = await call('profiles.create', {
      name: 'Leak',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
    })
    const pub: { base64: string } = await call('keys.publicKey', { profileId: profile.id })
    await call('keys.setKeyId', { profileId: profile.id, keyId: await console_.registerEd25519Key(ws, pub.base64) })
    await call('profiles.select', { profileId: profile.id })
    expect(await call('keys.test', { profileId: profile.id })).toMatchObject({ ok: true })
    await call('wallets.list', {})
    const rotated: { base64: string } = await call('keys.rotate', { profileId: profile.id })
    await call('keys.setKeyId', {
      profileId: profile.id,
      keyId: await console_.registerEd25519Key(ws, rotated.base64),
      which: 'pending',
    })
    expect(await call('keys.test', { profileId: profile.id, which: 'pending' })).toMatchObject({ ok: true })
    await call('wallets.list', {})

    const legacy: { id: string } = await call('profiles.create', {
      name: 'Legacy',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'hmac',
    })
    const hmac = await console_.createHmacKey(ws)
    await call('keys.importHmac', { profileId: legacy.id, keyId: hmac.keyId, secret: hmac.secret })
    expect(await call('keys.test', { profileId: legacy.id })).toMatchObject({ ok: true })
    await call('keys.importHmac', { profileId: legacy.id, keyId: 'x', secret: ' bad' })
    await call('quickstart.simulator', {})
    await call('profiles.list', {})
    await call('profiles.current', {})

    for (const args of [
      ['profile', 'list', '--json'],
      ['key', 'show', '--profile', 'Leak', '--format', 'hex'],
      ['test', '--profile', 'Leak'],
      ['test', '--profile', 'Legacy'],
    ]) {
      const run = await cli(dir, args)
      transcript.push(run.stdout, run.stderr)
    }

    expect(store.written.length).toBeGreaterThanOrEqual(4)
    const secrets = store.written.flatMap(forms)
    const haystacks: Array<[string, Buffer]> = [
      ['IPC outputs and events', Buffer.from(transcript.join('\n'))],
      ['router log', Buffer.from(logs.join('\n'))],
      ...(await Promise.all((await filesUnder(dir)).map(async (f) => [f, await readFile(f)] as [string, Buffer]))),
    ]
    expect(haystacks.length).toBeGreaterThan(3)
    expect(haystacks.map(([name]) => name).some((n) => n.endsWith('desk.db'))).toBe(true)
    for (const [name, content] of haystacks) {
      for (const secret of secrets) expect(content.includes(secret), `${name} contains a secret`).toBe(false)
    }
    // The scan itself can fail: a planted secret is found.
    expect(Buffer.from(`x${forms(store.written[0]!)[3]!.toString()}y`).includes(secrets[3]!)).toBe(true)
  })
})
