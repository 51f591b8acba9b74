import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { MemorySecretStore } from '../../harness/memory-secret-store'
import { simConsole } from '../../harness/sim-console'

let sim: RunningSimulator
let dir: string
let desk: Desk
const store = new MemorySecretStore()

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'demo', quiet: true })
  dir = await mkdtemp(join(tmpdir(), 'rotation-'))
  desk = await createDesk({ dataDir: dir, shell: 'test', version: '0.0.0-test', secretStore: store })
})
afterAll(async () => {
  await desk.dispose()
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

const register = (publicKey: string) => simConsole(sim.sandbox.url).registerEd25519Key('ws-demo', publicKey)

describe('key rotation', () => {
  it('keeps the old key in use until the new Key ID passes, and stays whole if the keychain refuses the swap', async () => {
    const profile = await desk.router.call('profiles.create', {
      name: 'Ops',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
    })
    const first = await desk.router.call('keys.publicKey', { profileId: profile.id })
    const oldKeyId = await register(first.base64)
    await desk.router.call('keys.setKeyId', { profileId: profile.id, keyId: oldKeyId })

    const next = await desk.router.call('keys.rotate', { profileId: profile.id })
    const newKeyId = await register(next.base64)
    await desk.router.call('keys.setKeyId', { profileId: profile.id, keyId: newKeyId, which: 'pending' })
    expect((await desk.router.call('keys.test', { profileId: profile.id })).ok).toBe(true)

    // The keychain fails while swapping: the profile still names the old key, which still works.
    store.failOn.add('set')
    expect(await desk.router.dispatch('keys.test', { profileId: profile.id, which: 'pending' })).toMatchObject({
      ok: false,
      error: { code: 'keychain_unavailable' },
    })
    store.failOn.clear()
    const unchanged = (await desk.router.call('profiles.list', {}))[0]!
    expect(unchanged).toMatchObject({ keyId: oldKeyId, pendingKey: { keyId: newKeyId } })
    expect(await desk.router.call('keys.publicKey', { profileId: profile.id })).toEqual(first)
    expect((await desk.router.call('keys.test', { profileId: profile.id })).ok).toBe(true)

    // Once the keychain works again the pending key passes and replaces the active one.
    expect((await desk.router.call('keys.test', { profileId: profile.id, which: 'pending' })).ok).toBe(true)
    const promoted = (await desk.router.call('profiles.list', {}))[0]!
    expect(promoted).toMatchObject({ keyId: newKeyId, pendingKey: null })
    expect(await desk.router.call('keys.publicKey', { profileId: profile.id })).toEqual(next)
    expect((await desk.router.call('keys.test', { profileId: profile.id })).ok).toBe(true)

    // Activity names the rotation, who started it and when it took effect (newest first).
    await desk.router.call('profiles.select', { profileId: profile.id })
    const { rows } = await desk.router.call('activity.page', { action: 'rotated' })
    expect(rows.map((r) => [r.path, r.actor, r.person])).toEqual([
      ['key.rotated', 'app', expect.any(String)],
      ['key.rotation_started', 'app', expect.any(String)],
    ])
    expect(rows[0]!.person).not.toBe('')
  })
})
