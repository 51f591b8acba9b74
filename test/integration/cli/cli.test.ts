import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { cli } from '../../harness/cli-runner'
import { simConsole, type SimConsole } from '../../harness/sim-console'

// Runs under test/with-keychain.sh: keys go to a real (throwaway) Secret Service.
let sim: RunningSimulator
let sandbox: SimConsole
let home: string
let workspace: string

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'demo', quiet: true })
  sandbox = simConsole(sim.sandbox.url)
  workspace = (await sandbox.createWorkspace('CLI test')).id
  home = await mkdtemp(join(tmpdir(), 'cli-home-'))
})
afterAll(async () => {
  await sim.close()
  await rm(home, { recursive: true, force: true })
})

const publicKeyOf = (stdout: string) => /^\s+([A-Za-z0-9+/]{43}=)$/m.exec(stdout)?.[1]

describe('payout-desk CLI end to end against the simulator', () => {
  it('add profile, generate key, register it in the console, set the Key ID, test; revoke and test explains', async () => {
    expect(
      await cli(home, ['profile', 'add', '--name', 'Sim', '--env', 'sandbox', '--base-url', sim.sandbox.url]),
    ).toMatchObject({ code: 0 })
    const generated = await cli(home, ['key', 'generate', '--profile', 'Sim'])
    expect(generated.code).toBe(0)
    expect(generated.stdout).toMatch(/Fingerprint: SHA256:[A-Za-z0-9+/]{43}/)
    const publicKey = publicKeyOf(generated.stdout)!
    expect((await cli(home, ['key', 'show', '--profile', 'sim'])).stdout.trim()).toBe(publicKey)
    expect((await cli(home, ['key', 'show', '--profile', 'Sim', '--format', 'pem'])).stdout).toContain(
      '-----BEGIN PUBLIC KEY-----',
    )

    const keyId = await sandbox.registerEd25519Key(workspace, publicKey)
    expect(await cli(home, ['key', 'set-id', '--profile', 'Sim', '--key-id', keyId])).toMatchObject({ code: 0 })
    const ok = await cli(home, ['test', '--profile', 'Sim'])
    expect(ok).toMatchObject({ code: 0 })
    expect(ok.stdout).toMatch(/OK: .* has 0 wallets/)

    await sandbox.revoke(keyId)
    const refused = await cli(home, ['test', '--profile', 'Sim'])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/Connection test failed \(unknown_key, HTTP 401\)/)
    expect(refused.stderr).toMatch(/revoked or has expired/)
    expect(refused.stderr).toMatch(/X-Request-Id [0-9a-f-]{36}/)
  })

  it('rotates: the pending key replaces the active one only after it passes the test', async () => {
    await cli(home, ['profile', 'add', '--name', 'Rot', '--env', 'sandbox', '--base-url', sim.sandbox.url])
    const first = publicKeyOf((await cli(home, ['key', 'generate', '--profile', 'Rot'])).stdout)!
    await cli(home, [
      'key',
      'set-id',
      '--profile',
      'Rot',
      '--key-id',
      await sandbox.registerEd25519Key(workspace, first),
    ])
    const rotated = await cli(home, ['key', 'rotate', '--profile', 'Rot'])
    expect(rotated.code).toBe(0)
    const second = publicKeyOf(rotated.stdout)!
    expect(second).not.toBe(first)
    expect((await cli(home, ['key', 'show', '--profile', 'Rot'])).stdout.trim()).toBe(first)
    expect((await cli(home, ['test', '--profile', 'Rot', '--pending'])).code).toBe(1)
    await cli(home, [
      'key',
      'set-id',
      '--profile',
      'Rot',
      '--key-id',
      await sandbox.registerEd25519Key(workspace, second),
      '--pending',
    ])
    expect((await cli(home, ['test', '--profile', 'Rot', '--pending'])).code).toBe(0)
    expect((await cli(home, ['key', 'show', '--profile', 'Rot'])).stdout.trim()).toBe(second)
    expect((await cli(home, ['test', '--profile', 'Rot'])).code).toBe(0)
    expect((await cli(home, ['key', 'delete', '--profile', 'Rot'])).code).toBe(0)
    expect((await cli(home, ['test', '--profile', 'Rot'])).stderr).toMatch(/no_key/)
  })

  it('cancels a rotation: the new key is gone, the active key still signs, and a registered new Key ID is named for revoking', async () => {
    await cli(home, ['profile', 'add', '--name', 'Undo', '--env', 'sandbox', '--base-url', sim.sandbox.url])
    const first = publicKeyOf((await cli(home, ['key', 'generate', '--profile', 'Undo'])).stdout)!
    await cli(home, [
      'key',
      'set-id',
      '--profile',
      'Undo',
      '--key-id',
      await sandbox.registerEd25519Key(workspace, first),
    ])
    expect(await cli(home, ['key', 'cancel-rotation', '--profile', 'Undo'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no rotation in progress/),
    })
    const second = publicKeyOf((await cli(home, ['key', 'rotate', '--profile', 'Undo'])).stdout)!
    const secondId = await sandbox.registerEd25519Key(workspace, second)
    await cli(home, ['key', 'set-id', '--profile', 'Undo', '--key-id', secondId, '--pending'])
    const cancelled = await cli(home, ['key', 'cancel-rotation', '--profile', 'Undo'])
    expect(cancelled.code).toBe(0)
    expect(cancelled.stdout).toContain(`revoke that Key ID in the console`)
    expect(cancelled.stdout).toContain(secondId)
    expect((await cli(home, ['key', 'show', '--profile', 'Undo', '--pending'])).code).not.toBe(0)
    expect((await cli(home, ['key', 'show', '--profile', 'Undo'])).stdout.trim()).toBe(first)
    expect((await cli(home, ['test', '--profile', 'Undo'])).code).toBe(0)
  })

  it('imports an HMAC secret from stdin and passes the test', async () => {
    const { keyId, secret } = await sandbox.createHmacKey(workspace)
    await cli(home, [
      'profile',
      'add',
      '--name',
      'Legacy',
      '--env',
      'sandbox',
      '--base-url',
      sim.sandbox.url,
      '--algorithm',
      'hmac',
    ])
    expect((await cli(home, ['key', 'import-hmac', '--profile', 'Legacy', '--key-id', keyId], '')).code).toBe(1)
    expect(
      await cli(home, ['key', 'import-hmac', '--profile', 'Legacy', '--key-id', keyId], `${secret}\n`),
    ).toMatchObject({ code: 0 })
    expect((await cli(home, ['test', '--profile', 'Legacy'])).code).toBe(0)
  })

  it('lists profiles as text and JSON, with no secret', async () => {
    const text = await cli(home, ['profile', 'list'])
    expect(text.stdout).toMatch(/Sim\s+\[sandbox\]/)
    const json = JSON.parse((await cli(home, ['profile', 'list', '--json'])).stdout) as Array<{
      name: string
      hasKey: boolean
    }>
    expect(json.map((p) => p.name)).toEqual(expect.arrayContaining(['Sim', 'Rot', 'Legacy']))
  })

  it('bad input: clear message and exit 1; usage errors exit 2', async () => {
    const http = await cli(home, [
      'profile',
      'add',
      '--name',
      'P',
      '--env',
      'production',
      '--base-url',
      'http://api.example.com',
    ])
    expect(http).toMatchObject({ code: 1, stderr: expect.stringMatching(/https/) })
    expect(
      (await cli(home, ['profile', 'add', '--name', 'sim', '--env', 'sandbox', '--base-url', sim.sandbox.url])).stderr,
    ).toMatch(/already exists/)
    expect((await cli(home, ['key', 'generate', '--profile', 'Nope'])).stderr).toMatch(/no profile named "Nope"/)
    expect((await cli(home, ['key', 'set-id', '--profile', 'Sim', '--key-id', 'k'.repeat(129)])).stderr).toMatch(/128/)
    expect(
      (await cli(home, ['profile', 'add', '--name', 'X', '--env', 'staging', '--base-url', sim.sandbox.url])).code,
    ).toBe(1)
    expect((await cli(home, ['profile', 'add', '--name', 'X'])).code).toBe(2)
    expect((await cli(home, ['key', 'show', '--profile', 'Sim', '--format', 'jpeg'])).code).toBe(2)
    expect(
      (await cli(home, ['key', 'import-hmac', '--profile', 'Legacy', '--key-id', 'k', '--secret', 's'])).code,
    ).toBe(2)
    expect((await cli(home, ['frobnicate'])).code).toBe(2)
    expect((await cli(home, ['profile', 'add', '--help'])).stdout).toMatch(/Usage: payout-desk profile add/)
  })

  it('key generate keeps a key still waiting for its Key ID unless --replace, naming it', async () => {
    await cli(home, ['profile', 'add', '--name', 'Twice', '--env', 'sandbox', '--base-url', sim.sandbox.url])
    const first = await cli(home, ['key', 'generate', '--profile', 'Twice'])
    const fingerprint = /Fingerprint: (\S+)/.exec(first.stdout)![1]!
    const again = await cli(home, ['key', 'generate', '--profile', 'Twice'])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain(`waiting for its Key ID (fingerprint ${fingerprint})`)
    expect(again.stderr).toContain('key generate --replace')
    expect((await cli(home, ['key', 'show', '--profile', 'Twice'])).stdout.trim()).toBe(publicKeyOf(first.stdout))
    const replaced = await cli(home, ['key', 'generate', '--profile', 'Twice', '--replace'])
    expect(replaced.code).toBe(0)
    expect(publicKeyOf(replaced.stdout)).not.toBe(publicKeyOf(first.stdout))
  })

  it('agent write tools on production need --yes-production', async () => {
    await cli(home, [
      'profile',
      'add',
      '--name',
      'Prod',
      '--env',
      'production',
      '--base-url',
      'https://api.example.com',
    ])
    const refused = await cli(home, ['profile', 'set', 'Prod', '--agent-write-tools', 'on'])
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/--yes-production/) })
    expect((await cli(home, ['profile', 'set', 'Prod', '--agent-write-tools', 'on', '--yes-production'])).code).toBe(0)
    expect((await cli(home, ['profile', 'remove', 'Prod'])).code).toBe(0)
  })

  it('the built command runs from bin/payout-desk.js (npm run cli)', async () => {
    const run = promisify(execFile)
    const { stdout } = await run(
      process.execPath,
      ['bin/payout-desk.js', '--home', home, 'profile', 'list', '--json'],
      { cwd: process.cwd(), timeout: 60_000 },
    )
    expect(JSON.parse(stdout).length).toBeGreaterThanOrEqual(3)
    const failed = await run(process.execPath, [
      'bin/payout-desk.js',
      '--home',
      home,
      'test',
      '--profile',
      'Sim',
    ]).catch((e: { code: number; stderr: string }) => e)
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringMatching(/unknown_key/) })
  })
})
