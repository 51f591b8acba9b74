import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { batchCsv, recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { cli } from '../../harness/cli-runner'
import { PtyCli } from '../../harness/pty-cli'
import { simConsole } from '../../harness/sim-console'

// Every interactive prompt of the CLI, answered on a real pseudo-terminal (not the in-process fake io).
// Runs under test/with-keychain.sh: the keys live in a real (throwaway) Secret Service.
let sim: RunningSimulator
let home: string
let files: string
let prod: BatchWorkspace

const publicKeyOf = (stdout: string) => /^\s+([A-Za-z0-9+/]{43}=)$/m.exec(stdout)![1]!

/** A profile with a registered Ed25519 key, set up through the CLI in-process. */
async function keyedProfile(
  name: string,
  env: 'sandbox' | 'production',
  baseUrl: string,
  workspaceId: string,
): Promise<void> {
  expect(await cli(home, ['profile', 'add', '--name', name, '--env', env, '--base-url', baseUrl])).toMatchObject({
    code: 0,
  })
  const keyId = await simConsole(baseUrl).registerEd25519Key(
    workspaceId,
    publicKeyOf((await cli(home, ['key', 'generate', '--profile', name])).stdout),
  )
  expect(await cli(home, ['key', 'set-id', '--profile', name, '--key-id', keyId])).toMatchObject({ code: 0 })
}

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  home = await mkdtemp(join(tmpdir(), 'pty-home-'))
  files = await mkdtemp(join(tmpdir(), 'pty-files-'))
  prod = await setupBatchWorkspace(sim.production.url)
  await keyedProfile('Prod', 'production', sim.production.url, prod.workspaceId)
})
afterAll(async () => {
  await prod.client.sender.close()
  await sim.close()
  await rm(home, { recursive: true, force: true })
  await rm(files, { recursive: true, force: true })
})

const prodRows = () => [
  { destination: prod.destinations[0]!.label, amount: '20.5', wallet: prod.walletId },
  { destination: prod.destinations[1]!.label, amount: '10', wallet: prod.walletId },
]

async function csvFile(name: string, rows: Parameters<typeof batchCsv>[0]): Promise<string> {
  const path = join(files, name)
  await writeFile(path, batchCsv(rows))
  return path
}

describe('interactive prompts on a real terminal', () => {
  it('a production batch is sent once its grand total is typed', async () => {
    const before = (await recordedWithdrawals(sim.production.url, prod.workspaceId)).length
    const run = new PtyCli(home, ['batch', 'submit', await csvFile('typed.csv', prodRows()), '--profile', 'Prod'])
    await run.waitFor('never paid before? Check each address with its recipient first. [y/N]')
    run.type('y')
    await run.waitFor('type the grand total of this batch to send it')
    run.type('30.5')
    expect(await run.exit()).toBe(0)
    expect(run.output).toMatch(/Finished: sent 2\/2: accepted 2/)
    expect(await recordedWithdrawals(sim.production.url, prod.workspaceId)).toHaveLength(before + 2)
  })

  it('a production batch with another total typed records nothing and shows the expected total', async () => {
    const before = (await recordedWithdrawals(sim.production.url, prod.workspaceId)).length
    const run = new PtyCli(home, ['batch', 'submit', await csvFile('wrong.csv', prodRows()), '--profile', 'Prod'])
    await run.waitFor('never paid before? Check each address with its recipient first. [y/N]')
    run.type('y')
    await run.waitFor('type the grand total of this batch to send it')
    run.type('30.05')
    expect(await run.exit()).toBe(1)
    expect(run.output).toMatch(/The grand total does not match: type 30\.5\. Nothing was recorded\./)
    expect(await recordedWithdrawals(sim.production.url, prod.workspaceId)).toHaveLength(before)
  })

  it('repeated rows are paid once "y" is typed', async () => {
    const before = (await recordedWithdrawals(sim.production.url, prod.workspaceId)).length
    const rows = prodRows()
    const run = new PtyCli(home, [
      'batch',
      'submit',
      await csvFile('dup.csv', [...rows, rows[1]!]),
      '--profile',
      'Prod',
    ])
    await run.waitFor('Pay the repeated rows as well? [y/N]')
    run.type('y')
    await run.waitFor('never paid before? Check each address with its recipient first. [y/N]')
    run.type('y')
    await run.waitFor('type the grand total of this batch to send it')
    run.type('40.50')
    expect(await run.exit()).toBe(0)
    expect(await recordedWithdrawals(sim.production.url, prod.workspaceId)).toHaveLength(before + 3)
  })

  it('destinations never paid before are named by line and asked about; Enter records nothing', async () => {
    const before = (await recordedWithdrawals(sim.production.url, prod.workspaceId)).length
    const run = new PtyCli(home, ['batch', 'submit', await csvFile('first.csv', prodRows()), '--profile', 'Prod'])
    await run.waitFor('never paid before? Check each address with its recipient first. [y/N]')
    expect(run.output).toMatch(/never paid before \(no completed payout to the address on its network\)/)
    // A table of them: the line, the network, the address, the name.
    expect(run.output).toMatch(/LINE\s+NETWORK\s+ADDRESS\s+NAME/)
    run.type('')
    expect(await run.exit()).toBe(1)
    expect(run.output).toMatch(/Nothing was recorded: destinations never paid before were not confirmed\./)
    expect(await recordedWithdrawals(sim.production.url, prod.workspaceId)).toHaveLength(before)
  })

  it('key delete deletes on "y" and keeps the key on Enter', async () => {
    await cli(home, ['profile', 'add', '--name', 'Doomed', '--env', 'sandbox', '--base-url', sim.sandbox.url])
    await cli(home, ['key', 'generate', '--profile', 'Doomed'])
    const kept = new PtyCli(home, ['key', 'delete', '--profile', 'Doomed'])
    await kept.waitFor('Signed calls will stop working. [y/N]')
    kept.type('')
    expect(await kept.exit()).toBe(1)
    expect(kept.output).toMatch(/Nothing deleted/)
    expect((await cli(home, ['key', 'show', '--profile', 'Doomed'])).code).toBe(0)

    const deleted = new PtyCli(home, ['key', 'delete', '--profile', 'Doomed'])
    await deleted.waitFor('Signed calls will stop working. [y/N]')
    deleted.type('y')
    expect(await deleted.exit()).toBe(0)
    expect(deleted.output).toMatch(/Deleted the keys of/)
    expect((await cli(home, ['key', 'show', '--profile', 'Doomed'])).code).not.toBe(0)
  })

  it('profile remove removes on "yes"', async () => {
    await cli(home, ['profile', 'add', '--name', 'Gone', '--env', 'sandbox', '--base-url', sim.sandbox.url])
    const run = new PtyCli(home, ['profile', 'remove', 'Gone'])
    await run.waitFor('This cannot be undone. [y/N]')
    run.type('yes')
    expect(await run.exit()).toBe(0)
    expect((await cli(home, ['profile', 'list'])).stdout).not.toMatch(/Gone/)
  })

  it('an HMAC secret typed at the hidden prompt is stored, and never shown on the terminal', async () => {
    const console = simConsole(sim.sandbox.url)
    const workspace = (await console.createWorkspace('pty hmac')).id
    const { keyId, secret } = await console.createHmacKey(workspace)
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
    const run = new PtyCli(home, ['key', 'import-hmac', '--profile', 'Legacy', '--key-id', keyId])
    await run.waitFor('(it is not shown)')
    run.type(secret)
    expect(await run.exit()).toBe(0)
    expect(run.output).toMatch(/HMAC secret stored in the OS keychain/)
    expect(run.output).not.toContain(secret)
    expect((await cli(home, ['test', '--profile', 'Legacy'])).code).toBe(0)
  })
})
