import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'
import { MemorySecretStore } from '../../harness/memory-secret-store'

/** A production payout is confirmed by its amount typed again; the core checks it, whatever page or bridge asked. */
describe('production payouts through the desk router', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk
  const posts = async () =>
    (await consoleCall<Array<{ method: string; path: string }>>(sim.production.url, 'GET', 'requests')).filter(
      (r) => r.method === 'POST' && r.path.startsWith('/api/v1/withdrawals'),
    ).length

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.production.url, 0)
    dir = await mkdtemp(join(tmpdir(), 'production-ipc-'))
    desk = await createDesk({ dataDir: dir, shell: 'test', version: '0.0.0', secretStore: new MemorySecretStore() })
    const profile = await desk.router.call('profiles.create', {
      name: 'Live',
      environment: 'production',
      baseUrl: sim.production.url,
      algorithm: 'ed25519',
    })
    await registerProfileKey(desk, sim.production.url, ws.workspaceId, profile.id)
    await desk.router.call('profiles.select', { profileId: profile.id })
  })
  afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

  it('without the amount typed again, or with another amount, nothing is recorded or sent', async () => {
    const body = { ...ws.target, amount: '12.5' }
    await expect(desk.router.call('payouts.request', body)).rejects.toMatchObject({
      code: 'confirmation_required',
      message: expect.stringMatching(/PRODUCTION.*12\.5/),
    })
    await expect(desk.router.call('payouts.request', { ...body, retypedAmount: '125' })).rejects.toMatchObject({
      code: 'confirmation_required',
    })
    await expect(desk.router.call('payouts.requestTest', { body, testAmount: '1' })).rejects.toMatchObject({
      code: 'confirmation_required',
    })
    await expect(
      desk.router.call('payouts.requestTest', { body, testAmount: '1', retypedAmount: '12.5' }),
    ).rejects.toMatchObject({ code: 'confirmation_required' })
    expect(await desk.router.call('payouts.outbox', {})).toEqual([])
    expect(await posts()).toBe(0)
  })

  it('with the amount typed again (trailing zeros allowed) the payout is sent once', async () => {
    const r = await desk.router.call('payouts.request', { ...ws.target, amount: '12.5', retypedAmount: '12.50' })
    expect(r.withdrawal).toMatchObject({ amount: '12.5' })
    const test = await desk.router.call('payouts.requestTest', {
      body: { ...ws.target, amount: '12.5' },
      testAmount: '1',
      retypedAmount: '1',
    })
    expect(test.withdrawal).toMatchObject({ amount: '1' })
    expect(await posts()).toBe(2)
  })
})
