import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk } from '../../../electron/core/desk'
import { ProfileStore } from '../../../electron/core/profiles'
import { KeyringSecretStore } from '../../../electron/core/vault'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { cli, cliProfile } from '../../harness/cli-runner'
import { simConsole } from '../../harness/sim-console'

// Issue 50: the app's "Save approval pack" on a sent pay-run period is the pack `run pack` writes, lines named by payee.
let sim: RunningSimulator
let ws: BatchWorkspace
let home: string
const SCHEDULE = 'DTSTART:20261106T000000Z\\nRRULE:FREQ=WEEKLY;BYDAY=FR'

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  ws = await setupBatchWorkspace(sim.sandbox.url)
  home = await mkdtemp(join(tmpdir(), 'run-pack-app-'))
  await cliProfile(home, sim.sandbox.url, (key) => simConsole(sim.sandbox.url).registerEd25519Key(ws.workspaceId, key))
  // The payees' names are not their destinations' labels: a pack naming lines by destination shows otherwise.
  const lines = [
    'destination,amount,asset,wallet,reference',
    `${ws.destinations[0]!.address},2.5,USDC,${ws.walletId},Ann Payee`,
    `${ws.destinations[1]!.address},4.25,USDC,${ws.walletId},Ben Payee`,
  ].join('\n')
  const file = join(home, 'weekly.csv')
  await writeFile(file, `${lines}\n`)
  const add = ['run', 'add', '--profile', 'Sim', '--name', 'Weekly', '--schedule', SCHEDULE, '--file', file]
  expect((await cli(home, add)).code).toBe(0)
  const sent = await cli(home, ['run', 'send', 'Weekly', '--profile', 'Sim', '--period', '2026-11-06', '--yes'])
  expect(sent.code, sent.stderr).toBe(0)
}, 60_000)
afterAll(async () => {
  await ws?.client.sender.close()
  await sim?.close()
  const profiles = await new ProfileStore(home).list().catch(() => [])
  for (const p of profiles) await cli(home, ['profile', 'remove', p.name, '--yes'])
  await rm(home, { recursive: true, force: true })
})

const listed = (text: string) => text.split('\n').filter((l) => /^\d+\. /.test(l))

describe("a pay-run period's approval pack: the app's is the CLI's", () => {
  it('Save approval pack on the period writes the lines run pack writes, each named by its payee', async () => {
    const cliOut = join(home, 'cli-pack.txt')
    const r = await cli(home, ['run', 'pack', 'Weekly', '--profile', 'Sim', '--out', cliOut])
    expect(r.code, r.stderr).toBe(0)
    const cliText = await readFile(cliOut, 'utf8')
    expect(listed(cliText).map((l) => l.split(' | ')[3])).toEqual(['Ann Payee', 'Ben Payee'])

    const appOut = join(home, 'app-pack.txt')
    const desk = await createDesk({
      dataDir: home,
      shell: 'test',
      version: '0.0.0',
      secretStore: new KeyringSecretStore(),
      chooseSavePath: async () => appOut,
    })
    try {
      const [profile] = await new ProfileStore(home).list()
      await desk.router.call('profiles.select', { profileId: profile!.id })
      const [listed0] = await desk.router.call('batch.list', {})
      const saved = await desk.router.call('batch.savePack', { batchId: listed0!.batch.id })
      expect(saved).toMatchObject({ path: appOut, count: 2 })
      const appText = await readFile(appOut, 'utf8')
      expect(listed(appText)).toEqual(listed(cliText))
      expect(saved.sha256).toBe(/List SHA-256: ([0-9a-f]{64})/.exec(cliText)![1])
      expect(appText).toBe(cliText)
    } finally {
      await desk.dispose()
    }
  }, 60_000)
})
