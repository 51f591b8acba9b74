import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { cli, cliProfile } from '../../harness/cli-runner'
import { simConsole } from '../../harness/sim-console'

// Issue 50: a pay-run period has one approval pack named by its payees, and shows a line requested again.
let sim: RunningSimulator
let ws: BatchWorkspace
let home: string
const SCHEDULE = 'DTSTART:20261106T000000Z\\nRRULE:FREQ=WEEKLY;BYDAY=FR'
const PERIOD = ['--period', '2026-11-06', '--yes']

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  ws = await setupBatchWorkspace(sim.sandbox.url)
  home = await mkdtemp(join(tmpdir(), 'run-again-'))
  await cliProfile(home, sim.sandbox.url, (key) => simConsole(sim.sandbox.url).registerEd25519Key(ws.workspaceId, key))
  const lines = [
    'destination,amount,asset,wallet,reference',
    `${ws.destinations[0]!.address},2.5,USDC,${ws.walletId},Ann`,
    `${ws.destinations[1]!.address},4.25,USDC,${ws.walletId},Ben`,
  ].join('\n')
  const file = join(home, 'monthly.csv')
  await writeFile(file, `${lines}\n`)
  const add = ['run', 'add', '--profile', 'Sim', '--name', 'Weekly', '--schedule', SCHEDULE, '--file', file]
  expect((await cli(home, add)).code).toBe(0)
  const sent = await cli(home, ['run', 'send', 'Weekly', '--profile', 'Sim', ...PERIOD])
  expect(sent.code, sent.stderr).toBe(0)
}, 60_000)
afterAll(async () => {
  await ws?.client.sender.close()
  await sim?.close()
  await rm(home, { recursive: true, force: true })
})

describe('a pay-run period: its approval pack, and a line requested again', () => {
  it('run pack writes one pack for the period, each line named by its payee', async () => {
    const out = join(home, 'pack.txt')
    const r = await cli(home, ['run', 'pack', 'Weekly', '--profile', 'Sim', '--out', out])
    expect(r.code, r.stderr).toBe(0)
    const text = await readFile(out, 'utf8')
    expect(text).toMatch(/^Approval pack \(sandbox\): pay run "Weekly", period 2026-11-06$/m)
    expect(text).toContain('2 payouts wait for approval')
    expect(text).toMatch(/^ {2}6\.75 USDC on Ethereum Sepolia from wallet \S+: 2 payouts$/m)
    const listed = text.split('\n').filter((l) => /^\d+\. /.test(l))
    expect(listed.map((l) => l.split(' | ').slice(1, 4))).toEqual([
      ['2.5 USDC', 'ethereum-sepolia', 'Ann'],
      ['4.25 USDC', 'ethereum-sepolia', 'Ben'],
    ])
  })

  it("an expired line requested again shows so in its period, and leaves the period's next pack", async () => {
    const ann = (await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).find((w) => w.amount === '2.5')!
    await simConsole(sim.sandbox.url).withdrawalAction(ann.id, 'expire')
    const again = await cli(home, ['payout', 'again', ann.id, '--profile', 'Sim', '--yes'])
    expect(again.code, again.stderr).toBe(0)
    const newKey = /Idempotency-Key (\S+)\)/.exec(again.stdout)![1]!
    const period = await cli(home, ['run', 'send', 'Weekly', '--profile', 'Sim', ...PERIOD])
    expect(period.stdout).toContain('was recorded from this desk already')
    expect(period.stdout).toMatch(new RegExp(`Ann .*expired, requested again as ${newKey}`))
    const out = join(home, 'pack-2.txt')
    expect((await cli(home, ['run', 'pack', 'Weekly', '--profile', 'Sim', '--out', out])).code).toBe(0)
    const text = await readFile(out, 'utf8')
    expect(text).toContain('1 payout waits for approval')
    expect(text).not.toContain('| Ann |')
  })
})
