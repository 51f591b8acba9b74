import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { addRun } from '../../../electron/core/pay-runs/run-book'
import { readRunLines } from '../../../electron/core/pay-runs/run-lines'
import { profileDir } from '../../../electron/core/profiles'
import { DeskStore } from '../../../electron/core/store'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'
import { MemorySecretStore } from '../../harness/memory-secret-store'

let sim: RunningSimulator
let ws: BatchWorkspace
let dir: string
let desk: Desk

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  ws = await setupBatchWorkspace(sim.sandbox.url, '5')
  dir = await mkdtemp(join(tmpdir(), 'pay-run-ipc-'))
  desk = await createDesk({ dataDir: dir, shell: 'test', version: '0.0.0', secretStore: new MemorySecretStore() })
  const profile = await desk.router.call('profiles.create', { name: 'Test', environment: 'sandbox', baseUrl: sim.sandbox.url, algorithm: 'ed25519' })
  await registerProfileKey(desk, sim.sandbox.url, ws.workspaceId, profile.id)
  await desk.router.call('profiles.select', { profileId: profile.id })
  const store = DeskStore.open(profileDir(dir, profile.id), 'cli')
  const lines = readRunLines(`destination,amount,asset,wallet,reference\nAlice GmbH,3,USDC,${ws.smallWalletId},Alice\nBob Ltd,4,USDC,${ws.smallWalletId},Bob\n`)
  addRun(store, { name: 'Friday', schedule: 'DTSTART:20261106T000000Z\nRRULE:FREQ=WEEKLY;BYDAY=FR', lines }, 'test')
  store.close()
})
afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

it('lists the runs with their next due period and previews one with its funds check over IPC', async () => {
  expect(await desk.router.call('payRuns.list', {})).toEqual([expect.objectContaining({ name: 'Friday', lines: 2, next: { period: '2026-11-06', state: expect.any(String) }, lastSent: null })])
  const preview = await desk.router.call('payRuns.preview', { name: 'Friday' })
  expect(preview).toMatchObject({ period: '2026-11-06', done: null, lastSent: null, removed: [] })
  expect(preview.lines.map((l) => [l.payee, l.amount, l.changes])).toEqual([
    ['Alice', '3', []],
    ['Bob', '4', []],
  ])
  expect(preview.funds).toEqual([expect.objectContaining({ walletName: 'Small wallet', asset: 'USDC', total: '7', available: '5', missing: '2' })])
  expect(preview.shortfalls).toEqual([expect.stringMatching(/^"Small wallet" \(.+\) lacks 2 USDC on ethereum-sepolia/)])
  await expect(desk.router.call('payRuns.preview', { name: 'Friday', period: '2026-11-07' })).rejects.toThrow(/not one of the run's periods/)
})
