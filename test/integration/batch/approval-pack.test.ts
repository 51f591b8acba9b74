import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { batchCsv, recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { cli, cliProfile } from '../../harness/cli-runner'
import { simConsole } from '../../harness/sim-console'

// Issue 50: Batches shows its payouts by approval status, and one approval pack stands for the batch (count, totals by
// wallet and asset, the lines, the SHA-256 of the list). Real simulator, real keychain (test/with-keychain.sh).
let sim: RunningSimulator
let home: string
let ws: BatchWorkspace
let batchId: string
const AMOUNTS = ['1.1', '1.2', '1.3', '1.4', '0.1', '0.2']

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  home = await mkdtemp(join(tmpdir(), 'approval-pack-'))
  ws = await setupBatchWorkspace(sim.sandbox.url)
  const console = simConsole(sim.sandbox.url)
  await cliProfile(home, sim.sandbox.url, (pk) => console.registerEd25519Key(ws.workspaceId, pk))
  const rows = AMOUNTS.map((amount, i) => ({
    destination: ws.destinations[i % 3]!.address,
    amount,
    wallet: ws.walletId,
  }))
  const file = join(home, 'rows.csv')
  await writeFile(file, batchCsv(rows))
  const sent = await cli(home, ['batch', 'submit', file, '--profile', 'Sim', '--yes'])
  expect(sent.code, sent.stderr).toBe(0)
  batchId = /^Batch (\S+):/m.exec(sent.stdout)![1]!
  const w = await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)
  const id = (amount: string) => w.find((x) => x.amount === amount)!.id
  for (const a of ['approve', 'process', 'complete'] as const) await console.withdrawalAction(id('1.1'), a)
  await console.withdrawalAction(id('1.2'), 'reject')
  await console.withdrawalAction(id('1.3'), 'expire')
  await console.withdrawalAction(id('1.4'), 'approve')
}, 60_000)

afterAll(async () => {
  await ws?.client.sender.close()
  await sim?.close()
  await rm(home, { recursive: true, force: true })
})

describe('a batch by approval status, and its one approval pack', () => {
  it('batch status counts the payouts waiting, approved, completed, rejected and expired', async () => {
    const r = await cli(home, ['batch', 'status', batchId, '--profile', 'Sim', '--refresh'])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/^approvals: waiting 2, approved 1, completed 1, rejected 1, expired 1$/m)
    const json = JSON.parse((await cli(home, ['batch', 'status', batchId, '--profile', 'Sim', '--json'])).stdout)
    expect(json.progress.approval).toEqual({
      waiting: 2,
      approved: 1,
      completed: 1,
      rejected: 1,
      expired: 1,
      failed: 0,
      cancelled: 0,
    })
    const listed = JSON.parse((await cli(home, ['batch', 'list', '--profile', 'Sim', '--json'])).stdout)
    expect(listed[0].progress.approval.waiting).toBe(2)
  })

  it('batch pack writes one file: the waiting payouts, their totals by wallet and asset, the SHA-256 of the list', async () => {
    const out = join(home, 'pack.txt')
    const r = await cli(home, ['batch', 'pack', batchId, '--profile', 'Sim', '--out', out])
    expect(r.code, r.stderr).toBe(0)
    const text = await readFile(out, 'utf8')
    expect(text).toMatch(/^Approval pack \(sandbox\): batch \S+ from "rows.csv"$/m)
    expect(text).toContain('2 payouts wait for approval')
    // 0.1 + 0.2 summed as decimals (a float sum would print 0.30000000000000004).
    expect(text).toMatch(new RegExp(`^  0\\.3 USDC on Ethereum Sepolia from wallet ${ws.walletId}: 2 payouts$`, 'm'))
    const lines = text.split('\n').filter((l) => /^\d+\. /.test(l))
    expect(lines.map((l) => l.split(' | ')[1])).toEqual(['0.1 USDC', '0.2 USDC'])
    expect(lines[0]).toContain(ws.destinations[1]!.address)
    const sha = createHash('sha256')
      .update(lines.map((l) => `${l}\n`).join(''))
      .digest('hex')
    expect(text).toContain(`List SHA-256: ${sha}`)
    expect(r.stdout).toContain(`Wrote the approval pack of 2 payouts to ${out} (list SHA-256 ${sha}).`)
  })

  it('refuses an unknown batch with a typed error', async () => {
    const r = await cli(home, ['batch', 'pack', 'no-such', '--profile', 'Sim', '--out', join(home, 'x.txt')])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('There is no batch no-such in this profile.')
  })
})
