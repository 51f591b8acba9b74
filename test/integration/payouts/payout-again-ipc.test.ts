import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'
import { MemorySecretStore } from '../../harness/memory-secret-store'

// Issue 50: the app's "Request again" goes through payouts.request (a write the desk lock guards as any new payout).
describe('"Request again" through the desk router', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk
  const secrets = new MemorySecretStore()

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url, 0)
    dir = await mkdtemp(join(tmpdir(), 'payout-again-ipc-'))
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

  it('a rejected payout requested again is a new payout with a new key; the body must be the one shown', async () => {
    const body = { ...ws.target, amount: '3.5' }
    const first = await desk.router.call('payouts.request', body)
    const old = first.withdrawal!
    await expect(desk.router.call('payouts.request', { ...body, againOf: old.id })).rejects.toMatchObject({
      code: 'not_requestable_again',
    })
    await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${old.id}/reject`, {})
    await expect(desk.router.call('payouts.request', { ...body, amount: '35', againOf: old.id })).rejects.toMatchObject(
      { code: 'invalid_input' },
    )
    const again = await desk.router.call('payouts.request', { ...body, amount: '3.50', againOf: old.id })
    expect(again.entry.idempotencyKey).not.toBe(first.entry.idempotencyKey)
    expect(again.entry.state).toBe('accepted')
    expect(again.withdrawal!.id).not.toBe(old.id)
    expect([again.withdrawal!.amount, again.withdrawal!.destination]).toEqual([old.amount, old.destination])
    const twice = desk.router.call('payouts.request', { ...body, againOf: first.entry.idempotencyKey })
    await expect(twice).rejects.toMatchObject({ code: 'already_requested_again' })
    await expect(twice).rejects.toThrow(again.entry.idempotencyKey)
  })
})
