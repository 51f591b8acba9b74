import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { checkBatchFile, hasErrors } from '../../../electron/core/batch/batch-check'
import { refreshBatchStatuses } from '../../../electron/core/batch/batch-refresh'
import { batchResultsCsv, batchStatus } from '../../../electron/core/batch/batch-report'
import { BatchRunner, type BatchProgress } from '../../../electron/core/batch/batch-runner'
import { submitBatch } from '../../../electron/core/batch/batch-submit'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../../electron/core/payouts/payout-requests'
import { batchRepo, DeskStore } from '../../../electron/core/store'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, requestLog } from '../../harness/api-fixture'
import {
  batchCsv,
  recordedWithdrawals,
  setupBatchWorkspace,
  type BatchLine,
  type BatchWorkspace,
} from '../../harness/batch-fixture'

describe('batch payouts against the simulator', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: BatchWorkspace
  let dir: string
  let store: DeskStore
  let payouts: PayoutRequests

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  })
  beforeEach(async () => {
    store?.close()
    await ws?.client.sender.close()
    ws = await setupBatchWorkspace(sim.sandbox.url, '10')
    dir = await mkdtemp(join(tmpdir(), 'batch-run-'))
    store = DeskStore.open(dir, 'test')
    payouts = new PayoutRequests(Outbox.open(store), ws.client)
  })
  afterAll(async () => {
    store.close()
    await ws.client.sender.close()
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  })

  const submit = async (lines: BatchLine[]) => {
    const check = await checkBatchFile(ws.client, batchCsv(lines))
    expect(check.problems).toEqual([])
    return submitBatch(store, payouts.outbox, check, {
      source: 'test.csv',
      requestedBy: 'test',
      confirmDuplicates: false,
      retypedTotal: null,
      production: false,
    })
  }
  const postsFor = async (key: string) =>
    (await requestLog(sim.sandbox.url)).filter((r) => r.method === 'POST' && r.idempotency_key === key).length
  const rows = (n: number, wallet = ws.walletId): BatchLine[] =>
    Array.from({ length: n }, (_, i) => ({
      destination: ws.destinations[i % 3]!.label,
      amount: `1.${String(i + 1).padStart(3, '0')}`,
      wallet,
      reference: `r${i + 1}`,
    }))

  it('checks a 1,000-row file with two reads from the provider, whatever the number of rows', async () => {
    const before = (await requestLog(sim.sandbox.url)).filter((r) => r.key_id === ws.key.keyId).length
    const check = await checkBatchFile(ws.client, batchCsv(rows(1000)))
    expect(hasErrors(check)).toBe(false)
    expect(check.rows).toHaveLength(1000)
    const reads = (await requestLog(sim.sandbox.url)).filter((r) => r.key_id === ws.key.keyId).slice(before)
    expect(reads.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /api/v1/wallets',
      'GET /api/v1/counterparties',
    ])
  })

  it('sends in file order under the recorded keys; rows the provider refuses keep their reason and are never retried', async () => {
    const small = ws.smallWalletId
    const batch = await submit([
      ...rows(3),
      { destination: ws.destinations[0]!.id, amount: '3', wallet: small, reference: '-2+3 refund' },
      { destination: ws.destinations[1]!.address, amount: '3', wallet: small },
      { destination: ws.destinations[2]!.label, amount: '3', wallet: small },
    ])
    // Another payout from the small wallet after the check: the provider now refuses the last two rows.
    await payouts.request(
      {
        wallet_id: small,
        asset: 'USDC',
        network: 'ethereum-sepolia',
        amount: '5',
        destination: ws.destinations[0]!.address,
      },
      { requestedBy: 'test' },
    )
    const seen: BatchProgress[] = []
    const done = await new BatchRunner(store, payouts, { onProgress: (p) => seen.push(p) }).run(batch.id)
    expect(done).toMatchObject({ total: 6, sent: 6, accepted: 4, refused: 2, unknown: 0, queued: 0, finished: true })
    expect(seen.map((p) => p.sent)).toEqual([0, 1, 2, 3, 4, 5, 6, 6])

    const entries = payouts.outbox.ofBatch(batch.id)
    const posts = (await requestLog(sim.sandbox.url)).filter(
      (r) =>
        r.method === 'POST' &&
        r.path.startsWith('/api/v1/withdrawals') &&
        entries.some((e) => e.idempotencyKey === r.idempotency_key),
    )
    expect(posts.map((r) => r.idempotency_key)).toEqual(entries.map((e) => e.idempotencyKey))
    const refused = entries.filter((e) => e.state === 'refused')
    expect(refused.map((e) => [e.body.amount, e.error?.code])).toEqual([
      ['3', 'withdrawal_failed'],
      ['3', 'withdrawal_failed'],
    ])
    expect(refused[0]!.error?.message).toMatch(/exceeds the available balance/)
    for (const e of refused) expect(await postsFor(e.idempotencyKey)).toBe(1)

    const recorded = await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)
    for (const e of entries.filter((x) => x.state === 'accepted'))
      expect(recorded.filter((w) => w.idempotency_key === e.idempotencyKey)).toHaveLength(1)
    // Running it again sends nothing: every row has its outcome.
    const again = await new BatchRunner(store, payouts).run(batch.id)
    expect(again).toMatchObject({ accepted: 4, refused: 2 })
    expect(await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).toHaveLength(recorded.length)

    const status = batchStatus(store, payouts.outbox, store.repo(batchRepo).get(batch.id)!, 'refused')
    expect(status.rows.map((r) => [r.line, r.state, r.destination])).toEqual([
      [6, 'refused', 'Bob Ltd'],
      [7, 'refused', 'Carol SA'],
    ])
    const all = batchStatus(store, payouts.outbox, status.batch)
    expect(all.rows[0]).toMatchObject({
      line: 2,
      reference: 'r1',
      destination: 'Alice GmbH',
      state: 'accepted',
      payoutStatus: 'pending_approval',
    })
    const csv = batchResultsCsv(all.rows).split('\r\n')
    expect(csv[0]).toBe('line,reference,destination,amount,asset,idempotency_key,payout_id,status,error')
    expect(csv[4]).toMatch(
      new RegExp(
        `^5,'-2\\+3 refund,Alice GmbH,3,USDC,${entries[3]!.idempotencyKey},${entries[3]!.withdrawalId},pending_approval,$`,
      ),
    )
    expect(csv[5]).toMatch(
      /^6,,Bob Ltd,3,USDC,[0-9a-f-]{36},,refused,withdrawal_failed: The amount exceeds the available balance\.$/,
    )

    // Statuses are refreshed from the withdrawal list, a page per wallet, not one read per row.
    await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${entries[0]!.withdrawalId}/approve`)
    const before = (await requestLog(sim.sandbox.url)).filter((r) => r.key_id === ws.key.keyId).length
    expect(await refreshBatchStatuses(ws.client, store, entries)).toBe(4)
    const reads = (await requestLog(sim.sandbox.url)).filter((r) => r.key_id === ws.key.keyId).slice(before)
    expect(reads.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /api/v1/withdrawals',
      'GET /api/v1/withdrawals',
    ])
    expect(batchStatus(store, payouts.outbox, status.batch).rows.map((r) => r.payoutStatus)).toEqual([
      'approved',
      'pending_approval',
      'pending_approval',
      'pending_approval',
      null,
      null,
    ])
  })

  it('pauses after the row in flight, resumes where it stopped, and a cancel discards only the rows not yet sent', async () => {
    const batch = await submit(rows(6))
    const runner = new BatchRunner(store, payouts, {
      onProgress: (p) => void (p.accepted === 2 && p.intent === 'running' && runner.pause(batch.id)),
    })
    const paused = await runner.run(batch.id)
    expect(paused).toMatchObject({ intent: 'paused', accepted: 2, queued: 4, finished: false })
    expect(await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).toHaveLength(2)
    // A paused batch is not sent by a plain run (the app's start-up), only by resume.
    expect(await new BatchRunner(store, payouts).run(batch.id)).toMatchObject({ accepted: 2, queued: 4 })

    const canceller = new BatchRunner(store, payouts, {
      onProgress: (p) => void (p.accepted === 4 && p.intent === 'running' && canceller.cancel(batch.id)),
    })
    const cancelled = await canceller.resume(batch.id)
    expect(cancelled).toMatchObject({ intent: 'cancelled', accepted: 4, discarded: 2, queued: 0, finished: true })
    expect(await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).toHaveLength(4)
    await expect(canceller.resume(batch.id)).rejects.toThrow(/cancelled/)
  })

  it('on resume, rows whose outcome is unknown are looked up by key first, and sent again under the same key only when the provider has none', async () => {
    const batch = await submit(rows(3))
    const [first, second] = payouts.outbox.ofBatch(batch.id)
    // The first row reached the provider but its answer was lost; the second never left the machine.
    await ws.client.createWithdrawal(first!.body, first!.idempotencyKey)
    for (const e of [first!, second!]) {
      await payouts.outbox.claim(e.idempotencyKey, ['queued'], () => ({ state: 'sending' }))
      await payouts.outbox.mark(e.idempotencyKey, 'unknown', { error: { code: 'interrupted', message: 'killed' } })
    }
    const done = await new BatchRunner(store, payouts).run(batch.id)
    expect(done).toMatchObject({ accepted: 3, unknown: 0, finished: true })
    expect(await postsFor(first!.idempotencyKey)).toBe(1)
    expect(await postsFor(second!.idempotencyKey)).toBe(1)
    const recorded = await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)
    expect(recorded.map((w) => w.idempotency_key).sort()).toEqual(
      payouts.outbox
        .ofBatch(batch.id)
        .map((e) => e.idempotencyKey)
        .sort(),
    )
  })
})
