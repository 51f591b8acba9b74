import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { batchCsv, recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { cli } from '../../harness/cli-runner'
import { PtyCli } from '../../harness/pty-cli'
import { simConsole } from '../../harness/sim-console'

// A person present before a production write: on a real pseudo-terminal the CLI asks the passphrase of the person
// --as names, without echo, before anything is recorded. Runs under test/with-keychain.sh.
let sim: RunningSimulator
let home: string
let files: string
let prod: BatchWorkspace

const TESS = 'tess passphrase 7'

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  home = await mkdtemp(join(tmpdir(), 'people-pty-'))
  files = await mkdtemp(join(tmpdir(), 'people-pty-files-'))
  prod = await setupBatchWorkspace(sim.production.url)
  const url = sim.production.url
  expect((await cli(home, ['profile', 'add', '--name', 'Prod', '--env', 'production', '--base-url', url])).code).toBe(0)
  const publicKey = /^\s+([A-Za-z0-9+/]{43}=)$/m.exec(
    (await cli(home, ['key', 'generate', '--profile', 'Prod'])).stdout,
  )
  const keyId = await simConsole(url).registerEd25519Key(prod.workspaceId, publicKey![1]!)
  expect((await cli(home, ['key', 'set-id', '--profile', 'Prod', '--key-id', keyId])).code).toBe(0)
  const add = (args: string[], stdin: string) => cli(home, ['person', 'add', ...args, '--passphrase-stdin'], stdin)
  expect((await add(['--name', 'Alice', '--role', 'admin'], 'alice passphrase\n')).code).toBe(0)
  const tess = await add(['--name', 'Tess', '--role', 'treasurer', '--as', 'Alice'], `${TESS}\nalice passphrase\n`)
  expect(tess.code, tess.stderr).toBe(0)
}, 60_000)

afterAll(async () => {
  await prod?.client.sender.close()
  await sim?.close()
  await rm(home, { recursive: true, force: true })
  await rm(files, { recursive: true, force: true })
})

async function batchFile(name: string): Promise<string> {
  const path = join(files, name)
  const rows = [{ destination: prod.destinations[0]!.label, amount: '20.5', wallet: prod.walletId }]
  await writeFile(path, batchCsv(rows))
  return path
}

describe('a production payout on a terminal, once the desk has people', () => {
  it('asks the passphrase of the person acting, hidden, then sends in their name', { timeout: 120_000 }, async () => {
    const before = (await recordedWithdrawals(sim.production.url, prod.workspaceId)).length
    const run = new PtyCli(home, ['--as', 'Tess', 'batch', 'submit', await batchFile('a.csv'), '--profile', 'Prod'])
    await run.waitFor('Passphrase for Tess: ')
    run.type(TESS)
    await run.waitFor('never paid before? Check each address with its recipient first. [y/N]')
    run.type('y')
    await run.waitFor('type the grand total of this batch to send it')
    run.type('20.5')
    expect(await run.exit()).toBe(0)
    expect(run.output).not.toContain(TESS)
    expect(await recordedWithdrawals(sim.production.url, prod.workspaceId)).toHaveLength(before + 1)
    const found = await cli(home, ['payout', 'search', '', '--profile', 'Prod', '--json'])
    expect(JSON.parse(found.stdout)[0]).toMatchObject({ requester: 'cli' })
    const rows = await cli(home, ['audit', 'list', '--profile', 'Prod', '--json'])
    expect(rows.stdout).toContain('cli (Tess)')
  })

  it('a wrong passphrase, or no person named, records and sends nothing', { timeout: 120_000 }, async () => {
    const before = (await recordedWithdrawals(sim.production.url, prod.workspaceId)).length
    const wrong = new PtyCli(home, ['--as', 'Tess', 'batch', 'submit', await batchFile('b.csv'), '--profile', 'Prod'])
    await wrong.waitFor('Passphrase for Tess: ')
    wrong.type('not the passphrase')
    expect(await wrong.exit()).toBe(1)
    expect(wrong.output).toMatch(/not Tess's passphrase/)
    const nobody = new PtyCli(home, ['batch', 'submit', await batchFile('c.csv'), '--profile', 'Prod'])
    expect(await nobody.exit()).toBe(1)
    expect(nobody.output).toMatch(/People are set up on this desk/)
    expect(await recordedWithdrawals(sim.production.url, prod.workspaceId)).toHaveLength(before)
  })
})
