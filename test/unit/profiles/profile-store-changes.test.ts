import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ProfileStore } from '../../../electron/core/profiles'

// Changing profiles: a profile removed meanwhile (by another window or the CLI) is said so, and the file is left as it
// was.
let dir: string
let store: ProfileStore
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'profile-changes-'))
  store = new ProfileStore(dir)
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const sandbox = {
  name: 'Sandbox',
  environment: 'sandbox',
  baseUrl: 'http://127.0.0.1:4010/',
  algorithm: 'ed25519',
} as const

describe('a profile that no longer exists', () => {
  it.each([
    ['update', (s: ProfileStore, id: string) => s.update(id, { name: 'Renamed' })],
    ['remove', (s: ProfileStore, id: string) => s.remove(id)],
    ['select', (s: ProfileStore, id: string) => s.select(id)],
  ] as const)('%s: profile_not_found, and nothing written', async (_, change) => {
    const kept = await store.add(sandbox)
    const gone = await store.add({ ...sandbox, name: 'Gone' })
    await new ProfileStore(dir).remove(gone.id)
    const before = await readFile(store.path, 'utf8')
    await expect(change(store, gone.id)).rejects.toMatchObject({
      code: 'profile_not_found',
      message: 'That profile no longer exists.',
    })
    expect(await readFile(store.path, 'utf8')).toBe(before)
    expect((await store.list()).map((p) => p.id)).toEqual([kept.id])
  })
})

describe('updates', () => {
  it("a new name and base URL are checked and normalised like a new profile's", async () => {
    const p = await store.add(sandbox)
    await store.add({ ...sandbox, name: 'Other' })
    expect(await store.update(p.id, { name: ' Renamed ', baseUrl: 'http://127.0.0.1:4011/' })).toMatchObject({
      name: 'Renamed',
      baseUrl: 'http://127.0.0.1:4011',
    })
    await expect(store.update(p.id, { name: 'other' })).rejects.toMatchObject({ code: 'invalid_input' })
    await expect(store.update(p.id, { baseUrl: 'ftp://x' })).rejects.toMatchObject({ code: 'invalid_input' })
    await expect(store.update(p.id, { pendingKey: { keyId: 'k'.repeat(129) } })).rejects.toMatchObject({
      code: 'invalid_input',
    })
    expect((await store.get(p.id)).name).toBe('Renamed')
  })

  it('removing the open profile leaves no profile open', async () => {
    const p = await store.add(sandbox)
    await store.select(p.id)
    await store.remove(p.id)
    expect(await store.current()).toBeNull()
  })
})

it('a profiles file that cannot be read is named in the error', async () => {
  // A folder where the file should be: unreadable as a file for any user, root included.
  await mkdir(store.path)
  await expect(store.list()).rejects.toMatchObject({
    code: 'profiles_unreadable',
    message: expect.stringContaining(`Cannot read ${store.path}: EISDIR`),
  })
})
