import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall } from '../../harness/api-fixture'
import { batchCsv, recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { MemorySecretStore } from '../../harness/memory-secret-store'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'

/** A batch to destinations never paid before asks what the single payout's review (a tick) and the CLI ([y/N]) ask. */
describe('batch submit through the desk router: destinations never paid before', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: BatchWorkspace
  let dir: string
  let desk: Desk
  const secrets = new MemorySecretStore()
  const file = (destinations: number[], tag: string) =>
    Buffer.from(
      batchCsv(
        destinations.map((d, i) => ({
          destination: ws.destinations[d]!.label,
          amount: `1.${i + 1}`,
          wallet: 'Test wallet',
          reference: `${tag}-${i + 1}`,
        })),
      ),
      'utf8',
    ).toString('base64')

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupBatchWorkspace(sim.sandbox.url)
    dir = await mkdtemp(join(tmpdir(), 'batch-first-'))
    desk = await createDesk({ dataDir: dir, shell: 'test', version: '0.0.0', secretStore: secrets })
    const profile = await desk.router.call('profiles.create', {
      name: 'Test',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
    await registerProfileKey(desk, sim.sandbox.url, ws.workspaceId, profile.id)
    await desk.router.call('profiles.select', { profileId: profile.id })
  })
  afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

  it('refuses to record it unless they are confirmed, and records nothing', async () => {
    const input = { source: 'new.csv', base64: file([0, 1, 0], 'new'), confirmDuplicates: false, retypedTotal: null }
    await expect(desk.router.call('batch.submit', input)).rejects.toMatchObject({
      code: 'confirmation_required',
      message: expect.stringMatching(/2 destinations never paid before \(lines 2, 3\)/),
    })
    await expect(desk.router.call('batch.submit', { ...input, confirmFirstPayouts: false })).rejects.toMatchObject({
      code: 'confirmation_required',
    })
    expect(await desk.router.call('batch.list', {})).toEqual([])
    expect(await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).toEqual([])

    const { batch } = await desk.router.call('batch.submit', { ...input, confirmFirstPayouts: true })
    expect(batch.rowCount).toBe(3)
  })

  it('asks nothing once a payout to each destination has completed', async () => {
    const [listed] = await desk.router.call('batch.list', {})
    const done = async () => (await desk.router.call('batch.status', { batchId: listed!.batch.id })).progress.finished
    await vi.waitFor(async () => expect(await done()).toBe(true), { timeout: 30_000, interval: 100 })
    const first = (await desk.router.call('batch.status', { batchId: listed!.batch.id })).rows[0]!.withdrawalId!
    for (const step of ['approve', 'process', 'complete'])
      await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${first}/${step}`)
    await desk.router.call('batch.status', { batchId: listed!.batch.id, refresh: true })

    const check = await desk.router.call('batch.check', { source: 'again.csv', base64: file([0], 'again') })
    expect(check.firstPayouts).toEqual([])
    const { batch } = await desk.router.call('batch.submit', {
      source: 'again.csv',
      base64: file([0], 'again'),
      confirmDuplicates: false,
      retypedTotal: null,
    })
    expect(batch.rowCount).toBe(1)
  })
})
