import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { demoSecretStore } from '../../../electron/cli/demo/demo-secret-store'
import { DemoMemorySecretStore } from '../../../electron/cli/demo/memory-secret-store'
import { MemorySecretStore } from '../../harness/memory-secret-store'

describe('demo secret store', () => {
  it('uses the keychain when it answers, leaves no probe behind, and removes its keys at exit', async () => {
    const keychain = new MemorySecretStore()
    keychain.entries.set('someone-else', 'kept')
    const secrets = await demoSecretStore(keychain)
    expect(secrets.inMemory).toBe(false)
    expect([...keychain.entries.keys()]).toEqual(['someone-else'])

    await secrets.store.set('demo-profile', 'secret')
    await secrets.store.set('demo-profile:pending', 'secret2')
    expect(keychain.entries.get('demo-profile')).toBe('secret')
    await secrets.forgetAll()
    expect([...keychain.entries.keys()]).toEqual(['someone-else'])
  })

  it('falls back to memory only when the keychain refuses', async () => {
    const keychain = new MemorySecretStore()
    keychain.failOn.add('set')
    const secrets = await demoSecretStore(keychain)
    expect(secrets.inMemory).toBe(true)
    expect(secrets.store).toBeInstanceOf(DemoMemorySecretStore)
    await secrets.store.set('demo-profile', 'secret')
    expect(await secrets.store.get('demo-profile')).toBe('secret')
    expect(keychain.entries.size).toBe(0)
    await secrets.forgetAll()
    expect(await secrets.store.get('demo-profile')).toBeNull()
  })
})

describe('keys outside the keychain', () => {
  it('only the browser demo can choose the in-memory store', async () => {
    // The files themselves, not `git grep`: the suite also runs from a copy of the sources that is no git checkout.
    const users = ['electron', 'shared', 'renderer'].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .map((file) => join(dir, file))
        .filter((path) => /\.tsx?$/.test(path) && readFileSync(path, 'utf8').includes('DemoMemorySecretStore')),
    )
    expect(users.sort()).toEqual(['electron/cli/demo/demo-secret-store.ts', 'electron/cli/demo/memory-secret-store.ts'])
  })
})
