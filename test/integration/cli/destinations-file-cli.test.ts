import { simConsole } from '../../harness/sim-console'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { requestLog, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { cli, cliProfile } from '../../harness/cli-runner'
import { destinationCsv } from '../../harness/destination-file'

// Runs under test/with-keychain.sh: the profile's key is in a real (throwaway) Secret Service.
let sim: RunningSimulator
let dataHome: string
let ws: Workspace

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  dataHome = await mkdtemp(join(tmpdir(), 'dest-cli-'))
  ws = await setupWorkspace(sim.sandbox.url)
  await cliProfile(dataHome, sim.sandbox.url, (key) =>
    simConsole(sim.sandbox.url).registerEd25519Key(ws.workspaceId, key),
  )
})
afterAll(async () => {
  await ws.client.sender.close()
  await sim.close()
  await rm(dataHome, { recursive: true, force: true })
})

describe('payout-desk destinations export and import', () => {
  it('imports a clean file as pending destinations, refuses a bad one naming its line, and reads its own export back as existing', async () => {
    const clean = join(dataHome, 'clean.csv')
    await writeFile(clean, destinationCsv(5, 'cli'))
    const run = await cli(dataHome, ['destinations', 'import', clean, '--profile', 'Sim'])
    expect(run).toMatchObject({ code: 0 })
    expect(run.stdout).toMatch(/Finished: 5\/5: created 5, already existed 0, refused 0/)
    expect(await cli(dataHome, ['destinations', 'import', clean, '--profile', 'Sim', '--resume'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/No unfinished import/),
    })

    const bad = join(dataHome, 'bad.csv')
    await writeFile(bad, destinationCsv(3).replace(/\r\n(ethereum-sepolia,)0x[0-9a-f]{40}/, '\r\n$10xnope'))
    const refused = await cli(dataHome, ['destinations', 'import', bad, '--profile', 'Sim'])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/error: Line 2: /)
    expect(refused.stderr).toMatch(/1 problem; nothing was imported/)

    // One mistake on 200 lines is told once, with its lines as a range and the form's words, as the app tells it.
    const repeated = join(dataHome, 'repeated.csv')
    await writeFile(repeated, destinationCsv(200).replaceAll(',unhosted,', ',vasp,'))
    const grouped = await cli(dataHome, ['destinations', 'import', repeated, '--profile', 'Sim'])
    expect(grouped.code).toBe(1)
    const errors = grouped.stderr.split('\n').filter((l) => l.startsWith('error: '))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^error: Lines 2–201 \(200 lines\), [a-z_]+: /)
    expect(errors[0]).toMatch(/Held at a provider/)
    expect(grouped.stderr).toMatch(/200 problems; nothing was imported/)

    const out = join(dataHome, 'book.csv')
    expect(await cli(dataHome, ['destinations', 'export', '--profile', 'Sim', '--out', out])).toMatchObject({
      code: 0,
      stderr: expect.stringMatching(/wrote 6 destinations/),
    })
    const stdout = await cli(dataHome, ['destinations', 'export', '--profile', 'Sim'])
    expect(stdout.stdout.split('\r\n')[0]).toBe(
      'id,label,network,network_name,address,direction,status,can_send,verified_at,counterparty_type,first_name,last_name,company_name,wallet_type,vasp_name,country,created_at',
    )
    expect(stdout.stdout).toBe((await readFile(out, 'utf8')).replace(/\r\n$/, '\n'))
    const again = await cli(dataHome, ['destinations', 'import', out, '--profile', 'Sim'])
    expect(again.stdout).toMatch(/Finished: 6\/6: created 0, already existed 6, refused 0/)
  }, 60_000)

  it('home --json reads every profile from its store, sending no request', async () => {
    const before = (await requestLog(sim.sandbox.url)).length
    const home = await cli(dataHome, ['home', '--json'])
    expect((await requestLog(sim.sandbox.url)).length).toBe(before)
    expect(home.code).toBe(0)
    expect(JSON.parse(home.stdout)).toMatchObject({
      profiles: [
        { name: 'Sim', environment: 'sandbox', store: { balances: null, held: 0, unresolved: 0 }, problem: null },
      ],
      totals: [],
    })
    expect((await cli(dataHome, ['home'])).stdout).toMatch(/^PROFILE +ENV +BALANCES \(LAST READ\)/)
  })
})
