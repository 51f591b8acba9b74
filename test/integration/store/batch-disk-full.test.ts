import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { checkBatchFile } from '../../../electron/core/batch/batch-check'
import { BatchRunner } from '../../../electron/core/batch/batch-runner'
import { submitBatch } from '../../../electron/core/batch/batch-submit'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../../electron/core/payouts/payout-requests'
import { DeskStore } from '../../../electron/core/store'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { consoleCall } from '../../harness/api-fixture'
import { batchCsv, recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { canMount, emptyDisk, fillDisk, smallDisk, unmountSmallDisks } from '../../harness/small-disk'

describe.runIf(canMount)('a disk that fills up in the middle of a batch', () => {
  let sim: RunningSimulator
  let ws: BatchWorkspace

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
    ws = await setupBatchWorkspace(sim.sandbox.url)
  })
  afterAll(async () => {
    unmountSmallDisks()
    await ws.client.sender.close()
    await sim.close()
  })

  it('the error says how many rows were sent and that resume sends the rest; resume then does, each row once', async () => {
    // Room for 90 rows and their search index; the disk is filled after 38, so the rest cannot fit in what SQLite
    // already holds.
    const dir = smallDisk(16384)
    const store = DeskStore.open(dir, 'test')
    onTestFinished(() => store.close())
    const payouts = new PayoutRequests(Outbox.open(store), ws.client)
    const lines = Array.from({ length: 90 }, (_, i) => ({
      destination: ws.destinations[i % 3]!.label,
      amount: `1.${String(i + 1).padStart(2, '0')}`,
      wallet: ws.walletId,
    }))
    const check = await checkBatchFile(ws.client, batchCsv(lines))
    expect(check.problems).toEqual([])
    const batch = await submitBatch(store, payouts.outbox, check, {
      source: 'disk.csv',
      requestedBy: 'test',
      confirmDuplicates: false,
      retypedTotal: null,
      production: false,
    })
    const runner = new BatchRunner(store, payouts, { onProgress: (p) => p.sent === 38 && fillDisk(dir) })

    const err = await runner.run(batch.id).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'disk_full', message: expect.stringContaining(dir) })
    const message = (err as Error).message
    expect(message).not.toMatch(/nothing was sent/i)
    // SQLite may still write a few rows into space its files already hold; the count said is the count sent.
    const sent = Number(/(\d+) of the batch's 90 rows were sent/.exec(message)?.[1])
    expect(sent).toBeGreaterThanOrEqual(38)
    expect(sent).toBeLessThan(90)
    expect(message).toMatch(new RegExp(`batch resume ${batch.id}.*sends the rest`))
    expect(await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).toHaveLength(sent)

    // Once the disk has room, the profile opened again (the app restarted, a new CLI process) finishes the batch.
    emptyDisk(dir)
    store.close()
    const reopened = DeskStore.open(dir, 'test')
    onTestFinished(() => reopened.close())
    expect(
      await new BatchRunner(reopened, new PayoutRequests(Outbox.open(reopened), ws.client)).resume(batch.id),
    ).toMatchObject({ total: 90, accepted: 90, finished: true })
    const recorded = await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)
    expect(new Set(recorded.map((w) => w.idempotency_key)).size).toBe(90)
  }, 60_000)
})
