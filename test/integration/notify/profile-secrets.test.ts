import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDesk } from '../../../electron/core/desk'
import { ProfileStore } from '../../../electron/core/profiles'
import { KEYCHAIN_SERVICE, KeyringSecretStore } from '../../../electron/core/vault'
import { cli } from '../../harness/cli-runner'

// Runs under test/with-keychain.sh: what is left is read from the real keychain by another Secret Service client.
const SMTP_PASSWORD = `smtp-pass-${Date.now()}`

/** The accounts the keychain holds for the desk, as secret-tool lists them (its attributes go to stderr). */
function keychainAccounts(): string[] {
  const listed = spawnSync('secret-tool', ['search', '--all', 'service', KEYCHAIN_SERVICE], { encoding: 'utf8' })
  return [...`${listed.stdout}\n${listed.stderr}`.matchAll(/^attribute\.username = (.+)$/gm)].map((m) => m[1]!)
}
const under = (profileId: string) => keychainAccounts().filter((a) => a === profileId || a.startsWith(`${profileId}:`))

describe("a removed profile leaves nothing in the keychain: its keys and its channels' URLs and passwords go", () => {
  const dirs: string[] = []
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'profile-secrets-'))
    dirs.push(dir)
    return dir
  }
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })

  it("CLI: notify remove deletes its channel's secret; profile remove deletes every secret of the profile", async () => {
    const home = await tempDir()
    const run = async (args: string[]) => {
      const r = await cli(home, args)
      expect(r.code, r.stderr).toBe(0)
      return r.stdout
    }
    await run(['profile', 'add', '--name', 'Ops', '--env', 'sandbox', '--base-url', 'http://127.0.0.1:9'])
    await run(['profile', 'add', '--name', 'Other', '--env', 'sandbox', '--base-url', 'http://127.0.0.1:9'])
    await run(['key', 'generate', '--profile', 'Ops'])
    await run(['key', 'generate', '--profile', 'Other'])
    await run(['notify', 'add', '--profile', 'Ops', '--slack-webhook', 'https://hooks.example/T0/slack-secret'])
    await run(['notify', 'add', '--profile', 'Ops', '--webhook', 'https://hooks.example/hook-secret', '--name', 'hook'])
    const smtp = `smtps://desk%40example.com:${SMTP_PASSWORD}@smtp.example:465`
    await run(['notify', 'add', '--profile', 'Ops', '--email', 'approvers@example.com', '--smtp', smtp])
    await run(['notify', 'add', '--profile', 'Other', '--webhook', 'https://hooks.example/other-secret'])
    const profiles = await new ProfileStore(home).list()
    const ops = profiles.find((p) => p.name === 'Ops')!.id
    const other = profiles.find((p) => p.name === 'Other')!.id
    expect(under(ops)).toHaveLength(4)

    await run(['notify', 'remove', '--profile', 'Ops', '--name', 'hook'])
    expect(under(ops)).toHaveLength(3)
    const left = await Promise.all(under(ops).map((a) => new KeyringSecretStore().get(a)))
    expect(left.join('\n')).not.toContain('hook-secret')

    await run(['profile', 'remove', 'Ops', '--yes'])
    expect(under(ops)).toEqual([])
    // The profile beside it keeps its key and its channel.
    expect(under(other)).toHaveLength(2)
    await run(['profile', 'remove', 'Other', '--yes'])
    expect(under(other)).toEqual([])
  }, 60_000)

  it('app: removing a profile over IPC deletes its key and every channel secret from the keychain', async () => {
    const dataDir = await tempDir()
    const desk = await createDesk({ dataDir, shell: 'test', version: '0.0.0', secretStore: new KeyringSecretStore() })
    try {
      const { id } = await desk.router.call('profiles.create', {
        name: 'Ops',
        environment: 'sandbox',
        baseUrl: 'http://127.0.0.1:9',
        algorithm: 'ed25519',
      })
      // A Key ID the session opens with; nothing here talks to a provider.
      await desk.router.call('keys.setKeyId', { profileId: id, keyId: 'key_unused', which: 'active' })
      await desk.router.call('profiles.select', { profileId: id })
      await desk.router.call('notify.add', {
        target: { kind: 'webhook', url: 'https://hooks.example/app-hook-secret' },
        escalation: false,
      })
      await desk.router.call('notify.add', {
        target: { kind: 'email', to: 'approvers@example.com', smtp: `smtps://desk:${SMTP_PASSWORD}@smtp.example` },
        escalation: true,
      })
      expect(under(id)).toHaveLength(3)
      await desk.router.call('profiles.remove', { profileId: id })
      expect(under(id)).toEqual([])
    } finally {
      await desk.dispose()
    }
  }, 60_000)
})
