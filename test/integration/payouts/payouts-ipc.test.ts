import { existsSync } from 'node:fs'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { auditText } from '../../harness/store-reader'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { MemorySecretStore } from '../../harness/memory-secret-store'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'

type Event = { event: string; payload: Record<string, unknown> }

describe('wallet, counterparty and payout IPC channels through the desk router', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk
  const events: Event[] = []
  const notes: string[] = []
  let onEvent: (e: Event) => void = () => undefined
  let savePath = 'chosen.csv'

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url, 150)
    dir = await mkdtemp(join(tmpdir(), 'payouts-ipc-'))
    desk = await createDesk({
      dataDir: dir,
      shell: 'test',
      version: '0.0.0',
      secretStore: new MemorySecretStore(),
      notify: (title, body) => notes.push(`${title}: ${body}`),
      chooseSavePath: async () => join(dir, savePath),
    })
    desk.events.subscribe((event, payload) => {
      const e = { event, payload: payload as Record<string, unknown> }
      events.push(e)
      onEvent(e)
    })
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

  it('reads wallets, history, destinations and the pacing budget', async () => {
    const wallets = await desk.router.call('wallets.list', {})
    expect(wallets.map((w) => w.id)).toEqual([ws.walletId])
    expect(await desk.router.call('wallets.get', { walletId: ws.walletId })).toEqual(wallets[0])
    const page = await desk.router.call('transactions.page', { limit: 10 })
    expect(page.rows).toHaveLength(10)
    expect(page.nextCursor).toEqual(expect.any(String))
    expect((await desk.router.call('transactions.get', { transactionId: page.rows[0]!.id }))[0]!.id).toBe(
      page.rows[0]!.id,
    )
    expect(
      (await desk.router.call('counterparties.list', {})).some(
        (c) => c.address === ws.target.destination && c.can_send,
      ),
    ).toBe(true)
    const pacing = await desk.router.call('pacing.status', {})
    expect(pacing).toMatchObject({ limit: 120, windowSeconds: 60, lastSuccessAt: expect.any(Number) })
    expect(pacing.remaining).toBeLessThan(120)
    expect(events.some((e) => e.event === 'pacing.changed')).toBe(true)
  })

  it("exports the synced ledger as CSV, the provider's history with every (id, direction) once, with progress events", async () => {
    await desk.router.call('history.sync', {})
    await expect
      .poll(async () => (await desk.router.call('history.summary', {})).ledger.complete, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(true)
    const result = await desk.router.call('transactions.export', {})
    expect(result).toMatchObject({ path: join(dir, 'chosen.csv'), cancelled: false })
    const lines = (await readFile(result.path!, 'utf8')).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'id,created_at,direction,from_name,from_address,to_name,to_address,amount,asset,fee,fee_asset,status,tx_hash,network,network_name,wallet_id,suspected_poisoning,note,tags',
    )
    const expected = new Set<string>()
    for await (const r of ws.client.transactions({ limit: 100 })) expected.add(`${r.id},${r.created_at},${r.direction}`)
    expect(lines.length - 1).toBe(expected.size)
    expect(result.rows).toBe(expected.size)
    expect(new Set(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(',')))).toEqual(expected)
    const progress = events.filter((e) => e.event === 'export.progress' && e.payload.exportId === result.exportId)
    expect(progress.at(-1)!.payload).toMatchObject({ rows: expected.size, done: true })
  })

  it('cancels an export in flight and leaves no file behind', async () => {
    savePath = 'cancelled.csv'
    const path = join(dir, savePath)
    onEvent = (e) => {
      if (e.event === 'export.progress' && e.payload.pages === 0)
        void desk.router.call('transactions.cancelExport', { exportId: e.payload.exportId as string })
    }
    const result = await desk.router.call('transactions.export', {})
    onEvent = () => undefined
    expect(result).toMatchObject({ cancelled: true, path: null })
    expect(existsSync(path)).toBe(false)
    expect(existsSync(`${path}.part`)).toBe(false)
  })

  it('requests a payout through the outbox, follows it with the poller and notifies on change', async () => {
    const { entry, withdrawal } = await desk.router.call('payouts.request', { ...ws.target, amount: '3.5' })
    expect(entry).toMatchObject({
      state: 'accepted',
      withdrawalId: withdrawal!.id,
      body: { ...ws.target, amount: '3.5' },
    })
    expect((await desk.router.call('payouts.outbox', {})).map((e) => e.idempotencyKey)).toContain(entry.idempotencyKey)
    expect(events.some((e) => e.event === 'outbox.changed')).toBe(true)
    await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${withdrawal!.id}/approve`)
    await expect
      .poll(
        () =>
          events.find(
            (e) => e.event === 'withdrawal.updated' && (e.payload.withdrawal as { id: string }).id === withdrawal!.id,
          ),
        { timeout: 8000, interval: 200 },
      )
      .toMatchObject({
        payload: { previousStatus: 'pending_approval', stale: false, withdrawal: { status: 'approved' } },
      })
    expect(notes.some((n) => n.startsWith('Payout approved: 3.5 USDC'))).toBe(true)
    const listed = await desk.router.call('withdrawals.list', {})
    expect(listed.map((w) => w.id)).toContain(withdrawal!.id)
    expect(await desk.router.call('withdrawals.get', { withdrawalId: withdrawal!.id })).toMatchObject({
      stale: false,
      withdrawal: { status: 'approved' },
    })
  })

  // Refresh on Payouts reads the list at once; a change it shows was told only at the follower's next turn (up to a
  // minute for a payout quiet that long), so the notice and the other screens lagged the list a person was reading.
  it("a person's list read tells each change it finds at once, not at the follower's next turn", async () => {
    const { withdrawal } = await desk.router.call('payouts.request', { ...ws.target, amount: '2.5' })
    const updates = () =>
      events
        .filter((e) => e.event === 'withdrawal.updated')
        .map((e) => e.payload as { withdrawal: { id: string; status: string }; previousStatus: string | null })
        .filter((u) => u.withdrawal.id === withdrawal!.id)
    const told = (status: string) => updates().some((u) => u.withdrawal.status === status && u.previousStatus !== null)
    for (const [step, status] of [
      ['approve', 'approved'],
      ['process', 'processing'],
      ['complete', 'completed'],
    ] as const) {
      await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${withdrawal!.id}/${step}`)
      await desk.router.call('withdrawals.list', {})
      expect(told(status), status).toBe(true)
    }
  })

  it('cancels a pending payout', async () => {
    const { withdrawal } = await desk.router.call('payouts.request', { ...ws.target, amount: '1' })
    expect((await desk.router.call('withdrawals.cancel', { withdrawalId: withdrawal!.id })).status).toBe('cancelled')
  })

  it.each<[string, Record<string, unknown>]>([
    ['a foreign wallet', { wallet_id: 'wal-treasury' }],
    ['an unknown destination', { destination: '0x' + '12'.repeat(20) }],
    ['more than available', { amount: '2000000' }],
    ['an asset the wallet does not hold', { asset: 'BTC', network: undefined }],
    ['an amount as a number', { amount: 5 }],
    ['too many decimals', { amount: '1.0000001' }],
  ])('refuses %s before anything is written or sent', async (_label, change) => {
    const before = (await desk.router.call('payouts.outbox', {})).length
    const err = await desk.router
      .call('payouts.request', { ...ws.target, amount: '1', ...change } as never)
      .catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'invalid_input' })
    expect(await desk.router.call('payouts.outbox', {})).toHaveLength(before)
  })

  it('keeps an audit line per attempt without request ids, signatures or secrets', async () => {
    const lines = await desk.router.call('audit.tail', { limit: 1000 })
    expect(lines.length).toBeGreaterThan(5)
    expect(
      lines.some(
        (l) => l.method === 'POST' && l.path === '/api/v1/withdrawals' && l.status === 202 && l.idempotencyKey,
      ),
    ).toBe(true)
    expect(lines.filter((l) => l.method !== 'LOCAL').every((l) => l.requestId)).toBe(true)
    expect(lines.some((l) => l.method === 'LOCAL' && l.path === 'payout.recorded')).toBe(true)
    const text = auditText(join(dir, 'profiles', (await desk.router.call('profiles.current', {}))!.id))
    expect(text).not.toMatch(/_request_id|signature|x-api/i)
  })

  it('closes the session when the profile changes', async () => {
    const other = await desk.router.call('profiles.create', {
      name: 'Other',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
    await desk.router.call('profiles.select', { profileId: other.id })
    await expect(desk.router.call('wallets.list', {})).rejects.toMatchObject({ code: 'key_not_found' })
  })
})
