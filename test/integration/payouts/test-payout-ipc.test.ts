import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'
import { MemorySecretStore } from '../../harness/memory-secret-store'

describe('first payout and "send a test amount first" through the desk router', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk
  let profileId: string

  const open = async () => {
    desk = await createDesk({ dataDir: dir, shell: 'test', version: '0.0.0', secretStore: secrets })
  }
  const secrets = new MemorySecretStore()

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url, 0)
    dir = await mkdtemp(join(tmpdir(), 'test-payout-ipc-'))
    await open()
    const profile = await desk.router.call('profiles.create', {
      name: 'Test',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
    profileId = profile.id
    await registerProfileKey(desk, sim.sandbox.url, ws.workspaceId, profile.id)
    await desk.router.call('profiles.select', { profileId })
  })
  afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

  const full = () => ({ ...ws.target, amount: '25', fee_priority: 'medium' as const })
  const move = async (withdrawalId: string, steps: string[]) => {
    for (const step of steps) await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${withdrawalId}/${step}`, {})
  }
  const testOf = async (key: string) => (await desk.router.call('payouts.tests', {})).find((t) => t.testKey === key)

  it('refuses a test amount of 0, of the full amount or more, and with too many decimals; nothing is recorded', async () => {
    for (const testAmount of ['0', '25', '30', '0.0000001', 'abc']) {
      await expect(desk.router.call('payouts.requestTest', { body: full(), testAmount })).rejects.toMatchObject({
        code: 'invalid_input',
      })
    }
    expect(await desk.router.call('payouts.outbox', {})).toEqual([])
  })

  it('a test payout followed to completion offers the rest (full − test) once, and it survives a restart; then the address is paid before; both keep the reference', async () => {
    const address = ws.target.destination
    expect(await desk.router.call('payouts.firstPayout', { network: ws.target.network, address })).toEqual({
      first: true,
    })
    const test = await desk.router.call('payouts.requestTest', {
      body: full(),
      testAmount: '0.1',
      reference: 'INV-2026-118',
    })
    expect(test.withdrawal).toMatchObject({ amount: '0.1', destination: address })
    expect(test.entry.reference).toBe('INV-2026-118')
    const key = test.entry.idempotencyKey
    expect(await testOf(key)).toMatchObject({ state: 'waiting', fullAmount: '25', restAmount: '24.9' })
    await expect(desk.router.call('payouts.requestRest', { testKey: key })).rejects.toThrow(/not completed yet/)

    // A restart before it completes: the rest is still owed.
    await desk.dispose()
    await open()
    await desk.router.call('profiles.select', { profileId })
    await move(test.withdrawal!.id, ['approve', 'process', 'complete'])
    // The session's poller follows the payout and keeps the provider's answer.
    await expect.poll(async () => (await testOf(key))?.state, { timeout: 20_000, interval: 200 }).toBe('completed')
    expect(
      await desk.router.call('payouts.firstPayout', { network: ws.target.network, address: address.toLowerCase() }),
    ).toEqual({ first: false })

    const rest = await desk.router.call('payouts.requestRest', { testKey: key })
    expect(rest.withdrawal).toMatchObject({
      amount: '24.9',
      destination: address,
      network: ws.target.network,
      wallet_id: ws.walletId,
    })
    expect(rest.entry.reference).toBe('INV-2026-118')
    expect(await testOf(key)).toBeUndefined()
    await expect(desk.router.call('payouts.requestRest', { testKey: key })).rejects.toThrow(/already requested/)
  })

  it('a rejected test payout says so and offers no rest', async () => {
    const test = await desk.router.call('payouts.requestTest', { body: full(), testAmount: '1' })
    const key = test.entry.idempotencyKey
    await move(test.withdrawal!.id, ['reject'])
    await expect.poll(async () => (await testOf(key))?.state, { timeout: 20_000, interval: 200 }).toBe('failed')
    expect(await testOf(key)).toMatchObject({ status: 'rejected' })
    await expect(desk.router.call('payouts.requestRest', { testKey: key })).rejects.toThrow(/did not arrive/)
    await desk.router.call('payouts.dismissTest', { testKey: key })
    expect(await testOf(key)).toBeUndefined()
  })
})
