import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { EventPayload } from '../../../shared/ipc/events'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { profileDir } from '../../../electron/core/profiles'
import { batchRepo, DeskStore } from '../../../electron/core/store'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall } from '../../harness/api-fixture'
import { batchCsv, recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { MemorySecretStore } from '../../harness/memory-secret-store'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'

describe('batch IPC channels through the desk router', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: BatchWorkspace
  let dir: string
  let desk: Desk
  const secrets = new MemorySecretStore()
  const open = () =>
    createDesk({
      dataDir: dir,
      shell: 'test',
      version: '0.0.0',
      secretStore: secrets,
      chooseSavePath: async (name) => join(dir, name),
    })
  const lines = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      destination: ws.destinations[i % 3]!.label,
      amount: `2.${String(i + 1).padStart(3, '0')}`,
      wallet: 'Test wallet',
      reference: `ipc-${i + 1}`,
    }))
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')
  const finished = (d: Desk, batchId: string) =>
    vi.waitFor(
      async () => {
        const { progress } = await d.router.call('batch.status', { batchId })
        if (!progress.finished) throw new Error(`not finished: ${JSON.stringify(progress)}`)
        return progress
      },
      { timeout: 30_000, interval: 100 },
    )

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupBatchWorkspace(sim.sandbox.url)
    dir = await mkdtemp(join(tmpdir(), 'batch-ipc-'))
    desk = await open()
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

  it('checks a file read by the page and rows pasted from a spreadsheet, sending nothing', async () => {
    const before = (await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).length
    const file = await desk.router.call('batch.check', { source: 'pay.csv', base64: base64(batchCsv(lines(3))) })
    expect(file).toMatchObject({ grandTotal: '6.006', problems: [], lineCount: 3 })
    expect(file.totals).toEqual([
      expect.objectContaining({ walletName: 'Test wallet', asset: 'USDC', rows: 3, total: '6.006', usd: 6.01 }),
    ])
    // Nothing was ever paid here: each destination's first row is marked.
    const distinct = new Set(file.rows.map((r) => r.body.destination)).size
    expect(file.firstPayouts).toHaveLength(distinct)
    expect(file.firstPayouts[0]).toMatchObject({
      line: file.rows[0]!.line,
      network: 'ethereum-sepolia',
      address: file.rows[0]!.body.destination,
    })
    const pasted = await desk.router.call('batch.check', {
      source: 'pasted rows',
      text: `destination\tamount\tasset\n${ws.destinations[0]!.label}\t1,5\tUSDC\n${ws.destinations[1]!.label}\t3\tUSDC\n`,
      wallet: ws.walletId,
    })
    expect(pasted.problems.map((p) => [p.line, p.column])).toEqual([[2, 'amount']])
    expect(
      (
        await desk.router.call('batch.check', {
          source: 'x.csv',
          base64: Buffer.from([0xff, 0xfe, 0x00]).toString('base64'),
        })
      ).problems[0]!.message,
    ).toMatch(/not UTF-8/)
    expect(await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).toHaveLength(before)
  })

  it('submits, sends in the background, lists and exports the results', async () => {
    const { batch, progress } = await desk.router.call('batch.submit', {
      source: 'pay.csv',
      base64: base64(batchCsv(lines(4))),
      confirmDuplicates: false,
      retypedTotal: null,
      confirmFirstPayouts: true,
    })
    expect(batch).toMatchObject({ source: 'pay.csv', rowCount: 4, state: 'running' })
    expect(progress.total).toBe(4)
    expect(await finished(desk, batch.id)).toMatchObject({ accepted: 4, refused: 0 })
    expect((await desk.router.call('batch.list', {})).map((b) => b.batch.id)).toContain(batch.id)
    const status = await desk.router.call('batch.status', { batchId: batch.id, state: 'accepted' })
    expect(status.rows.map((r) => r.reference)).toEqual(['ipc-1', 'ipc-2', 'ipc-3', 'ipc-4'])
    // Batch payouts are not polled one by one (that would spend the key's budget); a refresh reads them by the page.
    const ids = status.rows.map((r) => r.withdrawalId)
    expect((await desk.sessions.session()).poller.trackedIds().filter((id) => ids.includes(id))).toEqual([])
    await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${ids[1]}/approve`)
    const refreshed = await desk.router.call('batch.status', { batchId: batch.id, refresh: true })
    expect(refreshed.rows.map((r) => r.payoutStatus)).toEqual([
      'pending_approval',
      'approved',
      'pending_approval',
      'pending_approval',
    ])
    const exported = await desk.router.call('batch.export', { batchId: batch.id })
    expect(exported).toMatchObject({ rows: 4, path: join(dir, `batch-${batch.id.slice(0, 8)}-results.csv`) })
    expect((await readFile(exported.path!, 'utf8')).split('\r\n')[1]).toMatch(
      /^2,ipc-1,Alice GmbH,2.001,USDC,[0-9a-f-]{36},[0-9a-f-]{36},pending_approval,$/,
    )
    // One approval pack for the batch (issue 50): the three payouts still waiting, not the approved one.
    const pack = await desk.router.call('batch.savePack', { batchId: batch.id })
    expect(pack).toMatchObject({ count: 3, path: join(dir, `batch-${batch.id.slice(0, 8)}-approval-pack.txt`) })
    const packText = await readFile(pack.path!, 'utf8')
    expect(packText).toContain(`List SHA-256: ${pack.sha256}`)
    expect(packText).not.toContain(ids[1]!)
  })

  it('follows the payout statuses of batch rows on its own while the profile is open, by the page', async () => {
    const { batch } = await desk.router.call('batch.submit', {
      source: 'follow.csv',
      base64: base64(batchCsv(lines(2))),
      confirmDuplicates: false,
      retypedTotal: null,
      confirmFirstPayouts: true,
    })
    await finished(desk, batch.id)
    const ids = (await desk.router.call('batch.status', { batchId: batch.id })).rows.map((r) => r.withdrawalId)
    const seen: string[] = []
    const stop = desk.events.subscribe((event, payload) => {
      const { withdrawal } = payload as EventPayload<'withdrawal.updated'>
      if (event === 'withdrawal.updated') seen.push(`${withdrawal.id} ${withdrawal.status}`)
    })
    await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${ids[0]}/reject`)
    // No refresh asked: the session's follower reads the list 5 s after the last acceptance.
    await vi.waitFor(
      async () =>
        expect((await desk.router.call('batch.status', { batchId: batch.id })).rows[0]!.payoutStatus).toBe('rejected'),
      { timeout: 20_000, interval: 200 },
    )
    expect(seen).toContain(`${ids[0]} rejected`)
    stop()
  })

  it('pause and resume from the page: a resume while the paused run winds down still sends every row once', async () => {
    const { batch } = await desk.router.call('batch.submit', {
      source: 'pr.csv',
      base64: base64(batchCsv(lines(20))),
      confirmDuplicates: false,
      retypedTotal: null,
      confirmFirstPayouts: true,
    })
    expect((await desk.router.call('batch.pause', { batchId: batch.id })).intent).toBe('paused')
    expect((await desk.router.call('batch.resume', { batchId: batch.id })).intent).toBe('running')
    expect(await finished(desk, batch.id)).toMatchObject({ intent: 'running', accepted: 20, total: 20 })
    const keys = (await desk.router.call('batch.status', { batchId: batch.id })).rows.map((r) => r.idempotencyKey)
    const recorded = await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)
    for (const k of keys) expect(recorded.filter((w) => w.idempotency_key === k)).toHaveLength(1)
    await expect(desk.router.call('batch.cancel', { batchId: batch.id })).resolves.toMatchObject({
      intent: 'cancelled',
      accepted: 20,
      discarded: 0,
    })
    await expect(desk.router.call('batch.resume', { batchId: batch.id })).rejects.toThrow(/cancelled/)
  })

  it('a batch the app quit in the middle of continues when the profile opens again, each row paid once', async () => {
    const { batch } = await desk.router.call('batch.submit', {
      source: 'big.csv',
      base64: base64(batchCsv(lines(40))),
      confirmDuplicates: false,
      retypedTotal: null,
      confirmFirstPayouts: true,
    })
    await vi.waitFor(
      async () =>
        expect((await desk.router.call('batch.status', { batchId: batch.id })).progress.accepted).toBeGreaterThan(0),
      { timeout: 10_000, interval: 20 },
    )
    await desk.dispose()
    // What the quit left: some rows paid, the rest still queued in the store.
    const profileId = (await (desk = await open()).router.call('profiles.list', {}))[0]!.id
    const store = DeskStore.open(profileDir(dir, profileId), 'test')
    const left = store.repo(batchRepo).stateCounts(batch.id)
    store.close()
    expect(left.queued).toBeGreaterThan(0)
    expect(left.accepted).toBeGreaterThan(0)
    expect(await finished(desk, batch.id)).toMatchObject({ accepted: 40, unknown: 0 })
    const keys = (await desk.router.call('batch.status', { batchId: batch.id })).rows.map((r) => r.idempotencyKey)
    const recorded = await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)
    for (const k of keys) expect(recorded.filter((w) => w.idempotency_key === k)).toHaveLength(1)
  })
})
