import Big from 'big.js'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { simulatorLegs } from '../../harness/ledger-fixture'
import { MemorySecretStore } from '../../harness/memory-secret-store'
import { cli } from '../../harness/cli-runner'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'

describe('the Transactions screen reads the ledger through IPC; the sync runs in the background', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk
  const states: string[] = []

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
    ws = await setupWorkspace(sim.sandbox.url, 400)
    dir = await mkdtemp(join(tmpdir(), 'history-ipc-'))
    desk = await createDesk({
      dataDir: dir,
      shell: 'test',
      version: '0.0.0',
      secretStore: new MemorySecretStore(),
      historyInBackground: true,
      chooseSavePath: async (name) => join(dir, name),
    })
    desk.events.subscribe((event, payload) => {
      if (event === 'history.progress') states.push((payload as { state: string }).state)
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

  it('opening the profile syncs in the background, with progress events, until the completeness line says complete', async () => {
    await vi.waitFor(async () => expect((await desk.router.call('history.summary', {})).ledger.complete).toBe(true), {
      timeout: 20_000,
      interval: 100,
    })
    const { ledger, sync } = await desk.router.call('history.summary', {})
    expect(ledger).toMatchObject({ rows: 400, notFinal: 0, syncedAt: expect.any(String), lastError: null })
    expect(sync.state).toBe('idle')
    expect(states).toContain('running')
  })

  it('filters combine locally (wallet, direction, amount range, time range) and pages follow each other without gaps', async () => {
    const legs = await simulatorLegs(sim.sandbox.url, ws.workspaceId)
    const from = legs.map((l) => l.created_at).sort()[100]!
    const filter = { walletId: ws.walletId, direction: 'in' as const, minAmount: '100', maxAmount: '20000.5', from }
    const expected = legs
      .filter(
        (l) =>
          l.direction === 'in' &&
          new Big(l.amount).gte('100') &&
          new Big(l.amount).lte('20000.5') &&
          l.created_at > from,
      )
      .map((l) => l.id)
    const seen: string[] = []
    let after: { at: string; id: string; direction: 'in' | 'out' | 'internal' } | undefined
    do {
      const page = await desk.router.call('history.page', { ...filter, limit: 7, after })
      seen.push(...page.rows.map((r) => r.id))
      for (const r of page.rows) expect(r.created_at >= (page.rows[page.rows.length - 1]?.created_at ?? '')).toBe(true)
      after = page.next ?? undefined
    } while (after)
    expect(expected.length).toBeGreaterThan(5)
    expect(seen.sort()).toEqual(expected.sort())
  })

  it('text search finds a movement by the start of its tx hash or id, and by any part of an address', async () => {
    const [leg] = await simulatorLegs(sim.sandbox.url, ws.workspaceId)
    const full = (await desk.router.call('history.page', { text: leg!.id, limit: 10 })).rows
    expect(full.map((r) => r.id)).toEqual([leg!.id])
    const hashStart = (
      await desk.router.call('history.page', { text: full[0]!.tx_hash!.slice(0, 14).toUpperCase(), limit: 10 })
    ).rows
    expect(hashStart.map((r) => r.id)).toContain(leg!.id)
    const outside = full[0]!.direction === 'in' ? full[0]!.from.address : full[0]!.to.address
    const byAddress = (await desk.router.call('history.page', { text: outside.slice(5, 17), limit: 500 })).rows
    expect(byAddress.map((r) => r.id)).toContain(leg!.id)
    expect(
      byAddress.every(
        (r) => r.from.address.includes(outside.slice(5, 17)) || r.to.address.includes(outside.slice(5, 17)),
      ),
    ).toBe(true)
  })

  it("a movement's legs come from the ledger with when they were read; an unknown id has none", async () => {
    const [leg] = await simulatorLegs(sim.sandbox.url, ws.workspaceId)
    const legs = await desk.router.call('history.legs', { transactionId: leg!.id })
    expect(legs.map((l) => [l.id, l.direction, l.amount])).toEqual([[leg!.id, leg!.direction, leg!.amount]])
    expect(legs[0]).toMatchObject({ final: true, read_at: expect.any(String) })
    expect(await desk.router.call('history.legs', { transactionId: 'no-such-movement' })).toEqual([])
  })

  it('the export writes the ledger rows of the whole filter, the text search included', async () => {
    const [leg] = await simulatorLegs(sim.sandbox.url, ws.workspaceId)
    const result = await desk.router.call('transactions.export', { walletId: ws.walletId, text: leg!.id })
    expect(result).toMatchObject({ rows: 1, cancelled: false })
    const lines = (await readFile(result.path!, 'utf8')).trimEnd().split('\r\n')
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([leg!.id])
    await expect(desk.router.call('transactions.export', { text: '\ud800' } as never)).rejects.toMatchObject({
      code: 'invalid_input',
    })
  })

  it('the app and the CLI give one answer to one export: a period past the last sync is refused by both, naming what is missing', async () => {
    const { ledger } = await desk.router.call('history.summary', {})
    const period = {
      from: '2000-01-01T00:00:00.000Z',
      to: new Date(Date.parse(ledger.syncedAt!) + 86_400_000).toISOString(),
    }
    for (const accounting of [undefined, { format: 'generic' as const }]) {
      const app = await desk.router
        .call('transactions.export', { ...period, ...(accounting ? { accounting } : {}) })
        .then(
          () => null,
          (e: Error & { code: string }) => e,
        )
      expect(app).toMatchObject({
        code: 'ledger_incomplete',
        message: expect.stringContaining('the ledger was last synced to'),
      })
      const run = await cli(dir, [
        'history',
        'export',
        '--profile',
        'Test',
        '--from',
        period.from,
        '--to',
        period.to,
        ...(accounting ? ['--format', 'generic'] : []),
      ])
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(app!.message)
    }
    // Inside what is synced, both write the same rows.
    const synced = { from: period.from, to: ledger.syncedAt! }
    const file = await desk.router.call('transactions.export', synced)
    const run = await cli(dir, ['history', 'export', '--profile', 'Test', '--from', synced.from, '--to', synced.to])
    expect(run.code).toBe(0)
    expect(run.stdout.replace(/\r?\n/g, '\n').trimEnd()).toBe(
      (await readFile(file.path!, 'utf8')).replace(/\r\n/g, '\n').trimEnd(),
    )
  })

  it('a report comes from the ledger; a period past the last sync names what is missing', async () => {
    const { ledger } = await desk.router.call('history.summary', {})
    const report = await desk.router.call('history.report', { from: '2000-01-01T00:00:00Z', to: ledger.syncedAt! })
    expect(report.rows).toBe(400)
    await expect(
      desk.router.call('history.report', {
        from: '2000-01-01T00:00:00Z',
        to: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    ).rejects.toMatchObject({
      code: 'ledger_incomplete',
    })
  })

  it('pause holds the sync, resume runs it again', async () => {
    await desk.router.call('history.pause', {})
    expect((await desk.router.call('history.summary', {})).sync.state).toBe('paused')
    await desk.router.call('history.resume', {})
    await vi.waitFor(async () => expect((await desk.router.call('history.summary', {})).sync.state).toBe('idle'), {
      timeout: 10_000,
      interval: 50,
    })
  })

  it('with the provider unreachable the rows stay, marked with the last successful sync time', async () => {
    const before = (await desk.router.call('history.summary', {})).ledger
    await sim.close()
    await desk.router.call('history.sync', {})
    await vi.waitFor(async () => expect((await desk.router.call('history.summary', {})).sync.state).toBe('failed'), {
      timeout: 20_000,
      interval: 100,
    })
    const after = await desk.router.call('history.summary', {})
    expect(after.ledger).toMatchObject({ rows: 400, syncedAt: before.syncedAt, lastError: expect.any(String) })
    expect((await desk.router.call('history.page', { limit: 5 })).rows).toHaveLength(5)
  })
})
