import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { consoleCall, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { cli } from '../../harness/cli-runner'
import { destinationCsv } from '../../harness/destination-file'

// Runs under test/with-keychain.sh: the profile's key is in a real (throwaway) Secret Service.
let sim: RunningSimulator
let home: string
let ws: Workspace

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  home = await mkdtemp(join(tmpdir(), 'dest-cli-'))
  ws = await setupWorkspace(sim.sandbox.url)
  expect(await cli(home, ['profile', 'add', '--name', 'Sim', '--env', 'sandbox', '--base-url', sim.sandbox.url])).toMatchObject({ code: 0 })
  const publicKey = /^\s+([A-Za-z0-9+/]{43}=)$/m.exec((await cli(home, ['key', 'generate', '--profile', 'Sim'])).stdout)![1]
  const { key_id } = await consoleCall<{ key_id: string }>(sim.sandbox.url, 'POST', 'keys', { workspace_id: ws.workspaceId, algorithm: 'ed25519', public_key: publicKey })
  expect(await cli(home, ['key', 'set-id', '--profile', 'Sim', '--key-id', key_id])).toMatchObject({ code: 0 })
})
afterAll(async () => {
  await ws.client.sender.close()
  await sim.close()
  await rm(home, { recursive: true, force: true })
})

describe('payout-desk destinations export and import', () => {
  it('imports a clean file as pending destinations, refuses a bad one naming its line, and reads its own export back as existing', async () => {
    const clean = join(home, 'clean.csv')
    await writeFile(clean, destinationCsv(5, 'cli'))
    const run = await cli(home, ['destinations', 'import', clean, '--profile', 'Sim'])
    expect(run).toMatchObject({ code: 0 })
    expect(run.stdout).toMatch(/Finished: 5\/5: created 5, already existed 0, refused 0/)
    expect(await cli(home, ['destinations', 'import', clean, '--profile', 'Sim', '--resume'])).toMatchObject({ code: 1, stderr: expect.stringMatching(/No unfinished import/) })

    const bad = join(home, 'bad.csv')
    await writeFile(bad, destinationCsv(3).replace(/\r\n(ethereum-sepolia,)0x[0-9a-f]{40}/, '\r\n$10xnope'))
    const refused = await cli(home, ['destinations', 'import', bad, '--profile', 'Sim'])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/error: Line 2: /)
    expect(refused.stderr).toMatch(/1 problem; nothing was imported/)

    const out = join(home, 'book.csv')
    expect(await cli(home, ['destinations', 'export', '--profile', 'Sim', '--out', out])).toMatchObject({ code: 0, stderr: expect.stringMatching(/wrote 6 destinations/) })
    const stdout = await cli(home, ['destinations', 'export', '--profile', 'Sim'])
    expect(stdout.stdout.split('\r\n')[0]).toBe('id,label,network,network_name,address,direction,status,can_send,verified_at,counterparty_type,first_name,last_name,company_name,wallet_type,vasp_name,country,created_at')
    expect(stdout.stdout).toBe((await readFile(out, 'utf8')).replace(/\r\n$/, '\n'))
    const again = await cli(home, ['destinations', 'import', out, '--profile', 'Sim'])
    expect(again.stdout).toMatch(/Finished: 6\/6: created 0, already existed 6, refused 0/)
  }, 60_000)
})
