import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ProfileStore, profileDir } from '../../../electron/core/profiles'

let dir: string
let store: ProfileStore
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'profiles-'))
  store = new ProfileStore(dir)
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const sandbox = {
  name: 'Sandbox',
  environment: 'sandbox',
  baseUrl: 'http://127.0.0.1:4010/',
  algorithm: 'ed25519',
} as const

describe('ProfileStore', () => {
  it('starts empty without a file', async () => {
    expect(await store.list()).toEqual([])
    expect(await store.current()).toBeNull()
  })

  it('persists profiles as versioned JSON that a second store reads back', async () => {
    const p = await store.add(sandbox)
    expect(p).toMatchObject({
      name: 'Sandbox',
      baseUrl: 'http://127.0.0.1:4010',
      keyId: null,
      embedded: false,
      agentWriteTools: false,
      pendingKey: null,
    })
    await store.select(p.id)
    const json = JSON.parse(await readFile(join(dir, 'profiles.json'), 'utf8'))
    expect(json).toMatchObject({ version: 1, currentProfileId: p.id })
    const again = new ProfileStore(dir)
    expect(await again.list()).toEqual([p])
    expect((await again.current())?.id).toBe(p.id)
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it('refuses a duplicate name, case-insensitively', async () => {
    await store.add(sandbox)
    await expect(store.add({ ...sandbox, name: ' sandbox ' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: /already exists/,
    })
    expect(await store.list()).toHaveLength(1)
  })

  it('serialises concurrent changes without losing any', async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.add({ ...sandbox, name: `P${i}` })))
    expect(await new ProfileStore(dir).list()).toHaveLength(10)
  })

  it('updates the Key ID with validation and removes a profile', async () => {
    const p = await store.add(sandbox)
    expect((await store.update(p.id, { keyId: ' key_1 ' })).keyId).toBe('key_1')
    await expect(store.update(p.id, { keyId: 'k'.repeat(129) })).rejects.toMatchObject({
      code: 'invalid_input',
      message: /128/,
    })
    await store.select(p.id)
    await store.remove(p.id)
    expect(await store.list()).toEqual([])
    expect(await store.current()).toBeNull()
    await expect(store.get(p.id)).rejects.toMatchObject({ code: 'profile_not_found' })
  })

  it('reports a corrupt file clearly and leaves it untouched', async () => {
    await writeFile(join(dir, 'profiles.json'), '{"version":1,"profiles":[{"id":"x"}]')
    await expect(store.list()).rejects.toMatchObject({ code: 'profiles_corrupt', message: /damaged/ })
    await expect(store.add(sandbox)).rejects.toMatchObject({ code: 'profiles_corrupt' })
    await writeFile(join(dir, 'profiles.json'), JSON.stringify({ version: 2, profiles: [], currentProfileId: null }))
    await expect(store.list()).rejects.toMatchObject({ code: 'profiles_corrupt' })
    expect(await readFile(join(dir, 'profiles.json'), 'utf8')).toContain('"version":2')
  })

  it('gives each profile its own folder and refuses path tricks', () => {
    expect(profileDir('/data', 'p_abc')).toBe(join('/data', 'profiles', 'p_abc'))
    expect(() => profileDir('/data', '../x')).toThrow()
  })
})
