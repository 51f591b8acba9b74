import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { requestLog, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'
import { MemorySecretStore } from '../../harness/memory-secret-store'

describe('Home: every profile at a glance from the stores alone', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let prodWs: Workspace
  let dir: string
  let desk: Desk

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url)
    prodWs = await setupWorkspace(sim.production.url)
    dir = await mkdtemp(join(tmpdir(), 'home-'))
    desk = await createDesk({ dataDir: dir, shell: 'test', version: '0.0.0', secretStore: new MemorySecretStore() })
    for (const [name, environment, url, w] of [
      ['Sandbox', 'sandbox', sim.sandbox.url, ws],
      ['Live', 'production', sim.production.url, prodWs],
    ] as const) {
      const profile = await desk.router.call('profiles.create', {
        name,
        environment,
        baseUrl: url,
        algorithm: 'ed25519',
      })
      await registerProfileKey(desk, url, w.workspaceId, profile.id)
      await desk.router.call('profiles.select', { profileId: profile.id })
      await desk.router.call('wallets.list', {})
    }
    await desk.router.call('profiles.create', {
      name: 'Never opened',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
  })
  afterAll(async () => {
    await prodWs.client.sender.close()
    await closeDeskRig({ desk, ws, sim, dir })
  })

  it('shows each profile with its last wallet read, and totals per environment, sending no request to either provider', async () => {
    const count = async () => (await requestLog(sim.sandbox.url)).length + (await requestLog(sim.production.url)).length
    const before = await count()
    const home = await desk.router.call('home.summary', {})
    expect(await count()).toBe(before)

    const byName = Object.fromEntries(home.profiles.map((p) => [p.name, p]))
    expect(byName.Sandbox).toMatchObject({
      environment: 'sandbox',
      problem: null,
      store: {
        balances: { wallets: 1, byAsset: [{ asset: 'USDC', amount: '1000000' }] },
        waitingApproval: 0,
        held: 0,
        unresolved: 0,
      },
    })
    expect(byName.Live).toMatchObject({
      environment: 'production',
      store: { balances: { byAsset: [{ asset: 'USDC', amount: '1000000' }] } },
    })
    expect(Date.parse(byName.Sandbox!.store!.balances!.readAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(byName['Never opened']).toMatchObject({ store: null, problem: null })
    // The same asset in both environments is two totals, never 2,000,000.
    expect(home.totals).toEqual([
      { environment: 'production', byAsset: [{ asset: 'USDC', amount: '1000000' }] },
      { environment: 'sandbox', byAsset: [{ asset: 'USDC', amount: '1000000' }] },
    ])
  })
})
