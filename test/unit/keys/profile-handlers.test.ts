import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { MemorySecretStore } from '../../harness/memory-secret-store'

let dir: string
let store: MemorySecretStore
let desk: Desk
let changes: number
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'desk-keys-'))
  store = new MemorySecretStore()
  desk = await createDesk({ dataDir: dir, shell: 'electron', version: '0.0.0-test', secretStore: store })
  changes = 0
  desk.events.subscribe((e) => void (e === 'profiles.changed' && changes++))
})
afterEach(async () => {
  await desk.dispose()
  await rm(dir, { recursive: true, force: true })
})

const create = (name = 'Sandbox', algorithm: 'ed25519' | 'hmac' = 'ed25519') =>
  desk.router.call('profiles.create', { name, environment: 'sandbox', baseUrl: 'http://127.0.0.1:9', algorithm })

describe('profiles and keys over IPC', () => {
  it('creates an Ed25519 profile with its key, shows the public key and emits profiles.changed', async () => {
    const p = await create()
    expect(p).toMatchObject({ name: 'Sandbox', hasKey: true, keyId: null, pendingKey: null, embedded: false })
    expect(store.entries.has(p.id)).toBe(true)
    const pub = await desk.router.call('keys.publicKey', { profileId: p.id })
    expect(pub.base64).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    expect(changes).toBeGreaterThan(0)
    expect(await desk.router.call('profiles.list', {})).toHaveLength(1)
  })

  it('a create the keychain refuses leaves neither a profile nor a keychain entry', async () => {
    store.failOn.add('set')
    const result = await desk.router.dispatch('profiles.create', {
      name: 'X',
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:9',
    })
    expect(result).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } })
    store.failOn.clear()
    expect(await desk.router.call('profiles.list', {})).toEqual([])
    expect(store.entries.size).toBe(0)
  })

  it('refuses bad input clearly: http to another machine, a duplicate name, a Key ID over 128 characters', async () => {
    const prod = await desk.router.dispatch('profiles.create', {
      name: 'P',
      environment: 'production',
      baseUrl: 'http://api.example.com',
    })
    expect(prod).toMatchObject({ ok: false, error: { code: 'invalid_input', message: /https/ } })
    const p = await create()
    expect(
      await desk.router.dispatch('profiles.create', {
        name: 'sandbox',
        environment: 'sandbox',
        baseUrl: 'http://127.0.0.1:9',
      }),
    ).toMatchObject({
      ok: false,
      error: { message: /already exists/ },
    })
    expect(await desk.router.dispatch('keys.setKeyId', { profileId: p.id, keyId: 'k'.repeat(129) })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    })
    expect(await desk.router.dispatch('keys.generate', { profileId: 'p_missing' })).toMatchObject({
      ok: false,
      error: { code: 'profile_not_found' },
    })
    expect(store.entries.size).toBe(1)
  })

  it('keeps a key that waits for its Key ID when generate is asked again: it may already be in the console', async () => {
    const p = await create()
    const first = await desk.router.call('keys.publicKey', { profileId: p.id })
    const again = await desk.router.dispatch('keys.generate', { profileId: p.id })
    expect(again).toMatchObject({
      ok: false,
      error: {
        code: 'key_exists',
        message: expect.stringContaining(`waiting for its Key ID (fingerprint ${first.fingerprint})`),
      },
    })
    expect((await desk.router.call('keys.publicKey', { profileId: p.id })).base64).toBe(first.base64)
    expect((await desk.keys.generate(p.id, { replace: true })).base64).not.toBe(first.base64)
  })

  it('removing a profile whose key the keychain will not delete keeps the profile (no orphan)', async () => {
    const p = await create()
    store.failOn.add('delete')
    expect(await desk.router.dispatch('profiles.remove', { profileId: p.id })).toMatchObject({
      ok: false,
      error: { code: 'keychain_unavailable' },
    })
    store.failOn.clear()
    expect(await desk.router.call('profiles.list', {})).toHaveLength(1)
    expect(await desk.router.call('profiles.remove', { profileId: p.id })).toEqual({ removed: true })
    expect(store.entries.size).toBe(0)
  })

  it('sets the Key ID, refuses generate over a registered key, rotates into the pending slot and deletes', async () => {
    const p = await create()
    const set = await desk.router.call('keys.setKeyId', { profileId: p.id, keyId: 'key_1' })
    expect(set.keyId).toBe('key_1')
    expect(await desk.router.dispatch('keys.generate', { profileId: p.id })).toMatchObject({
      ok: false,
      error: { code: 'key_exists' },
    })
    const active = await desk.router.call('keys.publicKey', { profileId: p.id })
    const pending = await desk.router.call('keys.rotate', { profileId: p.id })
    expect(pending.base64).not.toBe(active.base64)
    expect(store.entries.has(`${p.id}:pending`)).toBe(true)
    const withPending = await desk.router.call('keys.setKeyId', { profileId: p.id, keyId: 'key_2', which: 'pending' })
    expect(withPending).toMatchObject({ keyId: 'key_1', pendingKey: { keyId: 'key_2' } })
    const deleted = await desk.router.call('keys.delete', { profileId: p.id })
    expect(deleted).toMatchObject({ hasKey: false, keyId: null, pendingKey: null })
    expect(store.entries.size).toBe(0)
  })

  it('cancels a rotation: the new key leaves the keychain, the active one stays; a keychain that refuses leaves it pending', async () => {
    const p = await create('Rotating')
    await desk.router.call('keys.setKeyId', { profileId: p.id, keyId: 'key_1' })
    const active = await desk.router.call('keys.publicKey', { profileId: p.id })
    expect(await desk.router.dispatch('keys.cancelRotation', { profileId: p.id })).toMatchObject({
      ok: false,
      error: { code: 'key_not_found' },
    })
    await desk.router.call('keys.rotate', { profileId: p.id })
    await desk.router.call('keys.setKeyId', { profileId: p.id, keyId: 'key_2', which: 'pending' })

    store.failOn.add('delete')
    expect(await desk.router.dispatch('keys.cancelRotation', { profileId: p.id })).toMatchObject({
      ok: false,
      error: { code: 'keychain_unavailable' },
    })
    store.failOn.clear()
    expect((await desk.router.call('profiles.list', {})).find((x) => x.id === p.id)).toMatchObject({
      keyId: 'key_1',
      pendingKey: { keyId: 'key_2' },
    })
    expect(store.entries.has(`${p.id}:pending`)).toBe(true)

    const cancelled = await desk.router.call('keys.cancelRotation', { profileId: p.id })
    expect(cancelled).toMatchObject({ hasKey: true, keyId: 'key_1', pendingKey: null })
    expect(store.entries.has(`${p.id}:pending`)).toBe(false)
    expect(await desk.router.call('keys.publicKey', { profileId: p.id })).toEqual(active)
    // A new rotation can start at once.
    expect((await desk.router.call('keys.rotate', { profileId: p.id })).base64).not.toBe(active.base64)
  })

  it('imports an HMAC secret with its Key ID and never returns the secret', async () => {
    const p = await create('Legacy', 'hmac')
    expect(p.hasKey).toBe(false)
    const bad = await desk.router.dispatch('keys.importHmac', {
      profileId: p.id,
      keyId: 'key_h',
      secret: 'tab\tinside',
    })
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    const view = await desk.router.call('keys.importHmac', {
      profileId: p.id,
      keyId: 'key_h',
      secret: 'hmac-secret-value',
    })
    expect(view).toMatchObject({ algorithm: 'hmac', keyId: 'key_h', hasKey: true })
    expect(JSON.stringify(view)).not.toContain('hmac-secret-value')
  })

  it('connection test reports missing key or Key ID without a network call', async () => {
    const p = await create('Legacy', 'hmac')
    expect(await desk.router.call('keys.test', { profileId: p.id })).toMatchObject({ ok: false, reason: 'no_key' })
    const q = await create('Other')
    expect(await desk.router.call('keys.test', { profileId: q.id })).toMatchObject({ ok: false, reason: 'no_key_id' })
    store.failOn.add('get')
    expect(await desk.router.call('keys.test', { profileId: q.id })).toMatchObject({
      ok: false,
      reason: 'keychain_unavailable',
    })
  })

  it('agent write tools on a production profile need the explicit confirmation', async () => {
    const p = await desk.router.call('profiles.create', {
      name: 'Prod',
      environment: 'production',
      baseUrl: 'https://api.example.com',
    })
    expect(await desk.router.dispatch('profiles.setAgentWriteTools', { profileId: p.id, enabled: true })).toMatchObject(
      {
        ok: false,
        error: { code: 'confirmation_required' },
      },
    )
    expect(
      (
        await desk.router.call('profiles.setAgentWriteTools', {
          profileId: p.id,
          enabled: true,
          confirmProduction: true,
        })
      ).agentWriteTools,
    ).toBe(true)
  })

  it('selects a profile as current; quick start is unavailable without an embedded simulator', async () => {
    expect(await desk.router.call('profiles.current', {})).toBeNull()
    const p = await create()
    expect((await desk.router.call('profiles.select', { profileId: p.id })).id).toBe(p.id)
    expect((await desk.router.call('profiles.current', {}))?.id).toBe(p.id)
    expect(await desk.router.dispatch('quickstart.simulator', {})).toMatchObject({
      ok: false,
      error: { code: 'not_supported' },
    })
  })
})
