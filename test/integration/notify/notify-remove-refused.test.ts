import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { KeyringSecretStore, type SecretStore } from '../../../electron/core/vault'

// Runs under test/with-keychain.sh: the real Secret Service, with deletes refused while `refuseDeletes` is set.
class RefusingDeletes implements SecretStore {
  private readonly inner = new KeyringSecretStore()
  refuseDeletes = false
  get(account: string) {
    return this.inner.get(account)
  }
  set(account: string, value: string) {
    return this.inner.set(account, value)
  }
  async delete(account: string) {
    if (this.refuseDeletes) throw Object.assign(new Error('refused'), { code: 'keychain_unavailable' })
    return this.inner.delete(account)
  }
  accounts() {
    return this.inner.accounts()
  }
}

describe('removing a notification channel when the keychain refuses to delete its URL', () => {
  const secrets = new RefusingDeletes()
  const hook = `https://hooks.example/refused-${Date.now()}`
  let dir = ''
  let desk: Desk
  let profileId = ''

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'notify-remove-refused-'))
    desk = await createDesk({ dataDir: dir, shell: 'test', version: '0.0.0', secretStore: secrets })
    ;({ id: profileId } = await desk.router.call('profiles.create', {
      name: 'Ops',
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:9',
      algorithm: 'ed25519',
    }))
    // A Key ID the session opens with; nothing here talks to a provider.
    await desk.router.call('keys.setKeyId', { profileId, keyId: 'key_unused', which: 'active' })
    await desk.router.call('profiles.select', { profileId })
  }, 60_000)
  afterAll(async () => {
    await desk?.dispose()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('says so with keychain_unavailable and keeps the channel and its URL; removed once the keychain answers', async () => {
    const { router } = desk
    const { channel } = await router.call('notify.add', { target: { kind: 'webhook', url: hook }, escalation: false })
    const account = `${profileId}:notify:${channel.id}`

    secrets.refuseDeletes = true
    await expect(router.call('notify.remove', { name: channel.name })).rejects.toMatchObject({
      code: 'keychain_unavailable',
      message: expect.stringContaining(`"${channel.name}" was not removed`),
    })
    expect((await router.call('notify.list', {})).channels.map((c) => c.id)).toEqual([channel.id])
    expect(JSON.parse((await new KeyringSecretStore().get(account))!)).toEqual({ url: hook })

    secrets.refuseDeletes = false
    await router.call('notify.remove', { name: channel.name })
    expect((await router.call('notify.list', {})).channels).toEqual([])
    expect(await new KeyringSecretStore().get(account)).toBeNull()
  }, 60_000)

  it('a channel with no secret (system notifications) is removed without asking the keychain', async () => {
    const { router } = desk
    const { channel } = await router.call('notify.add', { target: { kind: 'os' }, escalation: false })
    secrets.refuseDeletes = true
    try {
      await router.call('notify.remove', { name: channel.name })
    } finally {
      secrets.refuseDeletes = false
    }
    expect((await router.call('notify.list', {})).channels).toEqual([])
  }, 60_000)
})
