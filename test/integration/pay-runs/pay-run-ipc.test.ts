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
  const profile = await desk.router.call('profiles.create', {
    name: 'Test',
    environment: 'sandbox',
    baseUrl: sim.sandbox.url,
    algorithm: 'ed25519',
  })
  await registerProfileKey(desk, sim.sandbox.url, ws.workspaceId, profile.id)
  await desk.router.call('profiles.select', { profileId: profile.id })
  const store = DeskStore.open(profileDir(dir, profile.id), 'cli')
  const lines = readRunLines(
    `destination,amount,asset,wallet,reference\nAlice GmbH,3,USDC,${ws.smallWalletId},Alice\nBob Ltd,4,USDC,${ws.smallWalletId},Bob\n`,
  )
  const monthly = readRunLines(
    `destination,amount,asset,wallet,reference\nAlice GmbH,1,USDC,${ws.smallWalletId},Carol\n`,
  )
  addRun(store, { name: 'Monthly', schedule: 'DTSTART:20261101T000000Z\nRRULE:FREQ=MONTHLY', lines: monthly }, 'test')
  addRun(store, { name: 'Friday', schedule: 'DTSTART:20261106T000000Z\nRRULE:FREQ=WEEKLY;BYDAY=FR', lines }, 'test')
  store.close()
})
afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

it('lists the runs with their next due period and previews one with its funds check over IPC', async () => {
  expect(await desk.router.call('payRuns.list', {})).toContainEqual(
    expect.objectContaining({
      name: 'Friday',
      lines: 2,
      next: { period: '2026-11-06', state: expect.any(String) },
      lastSent: null,
    }),
  )
  const preview = await desk.router.call('payRuns.preview', { name: 'Friday' })
  expect(preview).toMatchObject({ period: '2026-11-06', done: null, lastSent: null, removed: [] })
  expect(preview.lines.map((l) => [l.payee, l.amount, l.changes])).toEqual([
    ['Alice', '3', []],
    ['Bob', '4', []],
  ])
  expect(preview.funds).toEqual([
    expect.objectContaining({ walletName: 'Small wallet', asset: 'USDC', total: '7', available: '5', missing: '2' }),
  ])
  expect(preview.shortfalls).toEqual([expect.stringMatching(/^"Small wallet" \(.+\) lacks 2 USDC on ethereum-sepolia/)])
  await expect(desk.router.call('payRuns.preview', { name: 'Friday', period: '2026-11-07' })).rejects.toThrow(
    /not one of the run's periods/,
  )
})

it('sends a period over IPC once: a never-paid destination needs the tick, a repeat records and pays nothing new', async () => {
  const answers = { name: 'Monthly', period: '2026-11-01', confirmDuplicates: false, retypedTotal: null }
  await expect(desk.router.call('payRuns.send', { ...answers, confirmFirstPayouts: false })).rejects.toThrow(
    /never paid before/,
  )
  expect((await desk.router.call('payRuns.preview', { name: 'Monthly', period: '2026-11-01' })).done).toBeNull()
  const sent = await desk.router.call('payRuns.send', { ...answers, confirmFirstPayouts: true })
  expect(sent).toMatchObject({ period: '2026-11-01', again: false, busy: false })
  expect(sent.rows).toEqual([
    expect.objectContaining({
      payee: 'Carol',
      amount: '1',
      asset: 'USDC',
      state: 'accepted',
      conflict: false,
      earlier: false,
    }),
  ])
  const again = await desk.router.call('payRuns.send', { ...answers, confirmFirstPayouts: true })
  expect(again).toMatchObject({ batchId: sent.batchId, again: true })
  expect(again.rows.map((r) => r.state)).toEqual(['accepted'])
  expect((await desk.router.call('payRuns.preview', { name: 'Monthly', period: '2026-11-01' })).done).toBe('sent')
})

it('tells an overdue run once per period over IPC', async () => {
  const told = await desk.router.call('payRuns.reminders', {})
  expect(told).toContainEqual(
    expect.objectContaining({ name: 'Friday', next: { period: '2026-11-06', state: 'overdue' } }),
  )
  expect((await desk.router.call('payRuns.reminders', {})).map((r) => r.name)).not.toContain('Friday')
})

it('the app sends a period ahead only with its date typed, and takes a line invoice per period', async () => {
  const now = new Date()
  const far = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString().slice(0, 10)
  const later = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1)).toISOString().slice(0, 10)
  const answers = {
    name: 'Monthly',
    period: far,
    confirmDuplicates: true,
    confirmFirstPayouts: true,
    retypedTotal: null,
  }
  await expect(desk.router.call('payRuns.send', answers)).rejects.toMatchObject({
    code: 'confirmation_required',
    message: expect.stringMatching(new RegExp(`${far} is ahead`)),
  })
  await expect(desk.router.call('payRuns.send', { ...answers, typedDate: later })).rejects.toThrow(/is ahead/)

  const [line] = (await desk.router.call('payRuns.preview', { name: 'Monthly', period: far })).lines
  const pdf = Buffer.from('%PDF-1.4\n% December\n').toString('base64')
  const invoice = { name: 'Monthly', period: far, line: line!.lineId, number: 'INV-12', confirmRepeat: false }
  expect(await desk.router.call('payRuns.invoice', { ...invoice, base64: pdf })).toMatchObject({
    number: 'INV-12',
    sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
  })
  const preview = await desk.router.call('payRuns.preview', { name: 'Monthly', period: far })
  expect(preview.lines[0]).toMatchObject({ invoiceNumber: 'INV-12' })
  expect((await desk.router.call('payRuns.preview', { name: 'Monthly', period: later })).lines[0]).toMatchObject({
    invoiceNumber: null,
  })
  await expect(desk.router.call('payRuns.invoice', { ...invoice, period: later, base64: null })).rejects.toMatchObject({
    code: 'confirmation_required',
  })

  const sent = await desk.router.call('payRuns.send', { ...answers, typedDate: far })
  expect(sent).toMatchObject({ period: far, again: false, sentElsewhere: false })
})
