import { simConsole } from '../../harness/sim-console'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { submitBatch } from '../../../electron/core/batch/batch-submit'
import { previewOf } from '../../../electron/core/pay-runs/run-preview'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { profileDir } from '../../../electron/core/profiles'
import { DeskStore, payRunRepo } from '../../../electron/core/store'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { cli, cliProfile } from '../../harness/cli-runner'

// Runs under test/with-keychain.sh: the desk's key is in a real (throwaway) Secret Service.
let sim: RunningSimulator
let ws: BatchWorkspace
let home: string
const P = ['--profile', 'Sim']

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  ws = await setupBatchWorkspace(sim.sandbox.url)
  home = await mkdtemp(join(tmpdir(), 'run-resume-'))
  await cliProfile(home, sim.sandbox.url, (key) => simConsole(sim.sandbox.url).registerEd25519Key(ws.workspaceId, key))
})
afterAll(async () => {
  await ws.client.sender.close()
  await sim.close()
  await rm(home, { recursive: true, force: true })
})

it('a send killed after recording its batch, before noting the period, is resumed under the same keys, not recorded again', async () => {
  const csv = `destination,amount,asset,wallet,reference\nAlice GmbH,3,USDC,${ws.walletId},Alice\nBob Ltd,4,USDC,${ws.walletId},Bob\n`
  const path = join(home, 'lines.csv')
  await writeFile(path, csv)
  const schedule = 'DTSTART:20261106T000000Z\\nRRULE:FREQ=WEEKLY;BYDAY=FR'
  expect((await cli(home, ['run', 'add', ...P, '--name', 'Resume', '--schedule', schedule, '--file', path])).code).toBe(
    0,
  )

  // What the killed process left: the period's batch recorded (rows queued under their derived keys), nothing more.
  const profileId = (JSON.parse((await cli(home, ['profile', 'list', '--json'])).stdout) as Array<{ id: string }>)[0]!
    .id
  const store = DeskStore.open(profileDir(home, profileId), 'cli')
  const run = store.repo(payRunRepo).byName('Resume')!
  const reads = { wallets: await ws.client.listWallets(), book: await ws.client.listCounterparties() }
  const preview = previewOf(store, run, reads, '2026-11-06', new Date())
  const keyOf = (row: { line: number }) => preview.lines.find((l) => l.line === row.line)!.key
  const options = {
    source: 'killed',
    requestedBy: 'test',
    confirmDuplicates: false,
    retypedTotal: null,
    production: false,
    keyOf,
  }
  const batch = await submitBatch(store, Outbox.open(store), { ...preview.check, lineCount: 2 }, options)
  store.close()

  const before = (await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).length
  const sent = await cli(home, ['run', 'send', 'Resume', ...P, '--period', '2026-11-06', '--yes'])
  expect(sent.code).toBe(0)
  expect(sent.stdout).toContain(`recorded from this desk already (batch ${batch.id})`)
  expect(sent.stdout).toMatch(/Finished: sent 2\/2: accepted 2/)
  const made = (await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).slice(before)
  expect(made.map((w) => w.idempotency_key).sort()).toEqual(preview.lines.map((l) => l.key).sort())
  const [listed] = JSON.parse((await cli(home, ['run', 'list', ...P, '--json'])).stdout) as Array<{
    lastSent: string
    next: { period: string }
  }>
  expect(listed).toMatchObject({ lastSent: '2026-11-06', next: { period: '2026-11-13' } })
})

it('on a terminal a send asks as a batch does: destinations never paid before [y/N]; no records nothing', async () => {
  const csv = `destination,amount,asset,wallet,reference\nCarol SA,2,USDC,${ws.walletId},Carol\n`
  const path = join(home, 'ask.csv')
  await writeFile(path, csv)
  expect(
    (await cli(home, ['run', 'add', ...P, '--name', 'Ask', '--schedule', 'FREQ=DAILY', '--file', path])).code,
  ).toBe(0)
  const before = (await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).length
  const refused = await cli(home, ['run', 'send', 'Ask', ...P], '', ['n'])
  expect(refused.code).toBe(1)
  expect(refused.stderr).toMatch(
    /never paid before\? Check each address with its recipient first\. \[y\/N\][\s\S]*Not confirmed; nothing was recorded/,
  )
  expect(await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).toHaveLength(before)
  const sent = await cli(home, ['run', 'send', 'Ask', ...P], '', ['y'])
  expect(sent.stdout).toMatch(/Finished: sent 1\/1: accepted 1/)
  expect(await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).toHaveLength(before + 1)
})

it('two sends of one period at once on one store record it once; the other answers with that batch', async () => {
  const csv = `destination,amount,asset,wallet,reference\nAlice GmbH,1,USDC,${ws.walletId},Alice\nBob Ltd,1,USDC,${ws.walletId},Bob\n`
  const path = join(home, 'twice.csv')
  await writeFile(path, csv)
  const schedule = 'DTSTART:20261106T000000Z\\nRRULE:FREQ=WEEKLY;BYDAY=FR'
  expect((await cli(home, ['run', 'add', ...P, '--name', 'Twice', '--schedule', schedule, '--file', path])).code).toBe(
    0,
  )
  const before = (await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).length
  const args = ['run', 'send', 'Twice', ...P, '--period', '2026-11-06', '--yes']
  const [a, b] = await Promise.all([cli(home, args), cli(home, args)])
  // The one that records the period sends it; the other answers with that batch, waiting for nothing.
  expect([a.code, b.code]).toContain(0)
  const batchOf = (out: string) => /(?:recorded as batch|\(batch) ([0-9a-f-]{36})/.exec(out)?.[1]
  expect(batchOf(a.stdout)).toBe(batchOf(b.stdout))
  expect(await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).toHaveLength(before + 2)
})
