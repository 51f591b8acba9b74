import { mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { MemorySecretStore } from '../../harness/memory-secret-store'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'

describe('the Close screen’s reads through IPC', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
    ws = await setupWorkspace(sim.sandbox.url, 60)
    dir = await mkdtemp(join(tmpdir(), 'close-ipc-'))
    desk = await createDesk({
      dataDir: dir,
      shell: 'test',
      version: '0.0.0',
      secretStore: new MemorySecretStore(),
      historyInBackground: true,
      chooseSavePath: async (name) => join(dir, name),
    })
    const profile = await desk.router.call('profiles.create', {
      name: 'Test',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
    await registerProfileKey(desk, sim.sandbox.url, ws.workspaceId, profile.id)
    await desk.router.call('profiles.select', { profileId: profile.id })
    await vi.waitFor(async () => expect((await desk.router.call('history.summary', {})).ledger.complete).toBe(true), {
      timeout: 20_000,
      interval: 100,
    })
  })
  afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

  it('prepare names each blocker with where to fix it; a month not yet over is not synced to its cutoff', async () => {
    const month = new Date().toISOString().slice(0, 7)
    const prep = await desk.router.call('close.prepare', { period: month })
    expect(prep).toMatchObject({ period: month, timeZone: 'UTC', clear: false })
    const unsynced = prep.blockers.find((b) => b.kind === 'unsynced')!
    expect(unsynced.fix).toContain('history sync')
    expect(await desk.router.call('close.list', {})).toEqual([])
  })

  it('the person at the desk locks a month with a sign-off; a note inside it is then refused naming the lock', async () => {
    const period = '2026-10'
    await expect(desk.router.call('close.lock', { period })).rejects.toMatchObject({
      message: expect.stringContaining('2026-10 was not locked'),
    })
    const locked = await desk.router.call('close.lock', { period, acceptNote: 'no prices in the sandbox' })
    expect(locked).toMatchObject({ period, folder: join(dir, 'close-2026-10') })
    expect(await readdir(locked.folder!)).toContain('manifest.json')
    expect(await desk.router.call('close.list', {})).toMatchObject([{ period, state: 'locked' }])
    const page = await desk.router.call('history.page', {
      from: '2026-10-01T00:00:00.000Z',
      to: '2026-10-31T23:59:59.999Z',
      limit: 5,
    })
    const leg = page.rows.find((r) => r.direction !== 'internal')
    expect(leg).toBeDefined()
    await expect(
      desk.router.call('history.setLegNote', {
        transactionId: leg!.id,
        direction: leg!.direction,
        note: 'x',
        tags: [],
      }),
    ).rejects.toMatchObject({ code: 'period_locked', message: expect.stringMatching(/period 2026-10 is locked/) })
    const reopened = await desk.router.call('close.reopen', { period, reason: 'a late invoice' })
    expect(reopened.replaces).toMatch(/^[0-9a-f]{64}$/)
    expect(await desk.router.call('close.list', {})).toMatchObject([
      { period, state: 'reopened', reason: 'a late invoice' },
    ])
  })

  it('a month is counted in the zone of the last month locked until a close names another', async () => {
    await desk.router.call('close.lock', { period: '2026-08', timeZone: 'America/New_York', acceptNote: 'zone' })
    expect(await desk.router.call('close.prepare', { period: '2026-11' })).toMatchObject({
      timeZone: 'America/New_York',
      from: '2026-11-01T04:00:00.000Z',
      cutoff: '2026-12-01T05:00:00.000Z',
    })
    expect(await desk.router.call('close.prepare', { period: '2026-11', timeZone: 'UTC' })).toMatchObject({
      timeZone: 'UTC',
      from: '2026-11-01T00:00:00.000Z',
    })
  })

  it('the account mapping imported from the screen: every bad line named, a good file audited as the CLI’s', async () => {
    const header = 'wallet,asset,kind,account\n'
    const bad = header + '*,*,refund,Sales\n*,*,fee,Fees\n*,*,fee,Fees again\n'
    await expect(desk.router.call('close.importMap', { source: 'bad.csv', text: bad })).rejects.toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/line 2: kind "refund" is not accepted.*line 4 maps the same .* as line 3/),
    })
    const good = header + '*,*,incoming,Receipts\n*,*,outgoing,Payables\n'
    expect(await desk.router.call('close.importMap', { source: 'map.csv', text: good })).toMatchObject({
      rows: 2,
      fromPeriod: '2026-09',
      fileSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    const { rows } = await desk.router.call('activity.page', {})
    expect(rows.filter((r) => r.path === 'close.map_imported')).toHaveLength(1)
  })

  it('a period that is not a calendar month is refused at the channel', async () => {
    await expect(desk.router.call('close.prepare', { period: '2026-13' })).rejects.toMatchObject({
      code: 'invalid_input',
    })
  })
})
