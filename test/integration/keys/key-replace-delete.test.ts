import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProfileStore } from '../../../electron/core/profiles'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { cli } from '../../harness/cli-runner'
import { PtyCli } from '../../harness/pty-cli'
import { simConsole } from '../../harness/sim-console'

// Runs under test/with-keychain.sh: the keys live in a real (throwaway) Secret Service.
let sim: RunningSimulator
let home: string
const publicKeyOf = (stdout: string) => /^\s+([A-Za-z0-9+/]{43}=)$/m.exec(stdout)![1]!
const keyIdOf = async (name: string) => (await new ProfileStore(home).list()).find((p) => p.name === name)!.keyId

/** A profile with a registered Ed25519 key; returns its public key, to register it again under a second Key ID. */
async function keyedProfile(
  name: string,
  env: 'sandbox' | 'production',
): Promise<{ publicKey: string; workspaceId: string; keyId: string }> {
  const url = env === 'sandbox' ? sim.sandbox.url : sim.production.url
  const workspaceId = (await simConsole(url).createWorkspace(`${name} workspace`)).id
  expect(await cli(home, ['profile', 'add', '--name', name, '--env', env, '--base-url', url])).toMatchObject({
    code: 0,
  })
  const publicKey = publicKeyOf((await cli(home, ['key', 'generate', '--profile', name])).stdout)
  const keyId = await simConsole(url).registerEd25519Key(workspaceId, publicKey)
  expect(await cli(home, ['key', 'set-id', '--profile', name, '--key-id', keyId])).toMatchObject({ code: 0 })
  return { publicKey, workspaceId, keyId }
}

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  home = await mkdtemp(join(tmpdir(), 'key-replace-'))
})
afterAll(async () => {
  for (const name of ['Working', 'Live'])
    await cli(home, ['key', 'delete', '--profile', name, '--yes', '--confirm-name', name])
  await sim.close()
  await rm(home, { recursive: true, force: true })
})

describe('replacing a Key ID that works', () => {
  it('asks first, tests the new one and keeps the old one when the test fails', async () => {
    const { publicKey, workspaceId, keyId: first } = await keyedProfile('Working', 'sandbox')

    // Not confirmed (no terminal, no --replace): refused, nothing changed.
    const unasked = await cli(home, ['key', 'set-id', '--profile', 'Working', '--key-id', 'key_mistyped'])
    expect(unasked.code).not.toBe(0)
    expect(unasked.stderr).toContain(`signs with the Key ID ${first}`)
    expect(await keyIdOf('Working')).toBe(first)

    // Confirmed, but the provider does not know it: the test fails and the working one stays.
    const mistyped = await cli(home, ['key', 'set-id', '--profile', 'Working', '--key-id', 'key_mistyped', '--replace'])
    expect(mistyped.code).not.toBe(0)
    expect(mistyped.stderr).toContain(`did not pass the connection test, so ${first} stays in use`)
    expect(await keyIdOf('Working')).toBe(first)
    expect((await cli(home, ['test', '--profile', 'Working'])).code).toBe(0)

    // Asked on a terminal and answered with Enter: nothing changes.
    const second = await simConsole(sim.sandbox.url).registerEd25519Key(workspaceId, publicKey)
    const kept = new PtyCli(home, ['key', 'set-id', '--profile', 'Working', '--key-id', second])
    await kept.waitFor('The new one is tested first. [y/N]')
    kept.type('')
    expect(await kept.exit()).toBe(1)
    expect(await keyIdOf('Working')).toBe(first)

    // Answered yes, and the new one passes: replaced.
    const replaced = new PtyCli(home, ['key', 'set-id', '--profile', 'Working', '--key-id', second])
    await replaced.waitFor('The new one is tested first. [y/N]')
    replaced.type('y')
    expect(await replaced.exit()).toBe(0)
    expect(await keyIdOf('Working')).toBe(second)
    expect((await cli(home, ['test', '--profile', 'Working'])).code).toBe(0)
  }, 120_000)
})

describe("deleting a production profile's key", () => {
  it("needs the profile's name typed, not a yes", async () => {
    await keyedProfile('Live', 'production')
    const yes = await cli(home, ['key', 'delete', '--profile', 'Live', '--yes'])
    expect(yes.code).not.toBe(0)
    expect(yes.stderr).toContain(
      `"Live" is a production profile: deleting its key needs the profile's name typed. Nothing was deleted.`,
    )
    expect((await cli(home, ['key', 'show', '--profile', 'Live'])).code).toBe(0)

    const wrong = new PtyCli(home, ['key', 'delete', '--profile', 'Live'])
    await wrong.waitFor('Type its name to delete its keys:')
    wrong.type('y')
    expect(await wrong.exit()).not.toBe(0)
    expect(wrong.output).toContain(`The name typed is not the profile's name "Live". Nothing was deleted.`)
    expect((await cli(home, ['key', 'show', '--profile', 'Live'])).code).toBe(0)

    const typed = new PtyCli(home, ['key', 'delete', '--profile', 'Live'])
    await typed.waitFor('Type its name to delete its keys:')
    typed.type('Live')
    expect(await typed.exit()).toBe(0)
    expect((await cli(home, ['key', 'show', '--profile', 'Live'])).code).not.toBe(0)
  }, 120_000)
})
