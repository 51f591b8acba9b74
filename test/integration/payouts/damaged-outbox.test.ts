import { randomUUID } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { profileDir } from '../../../electron/core/profiles/profile-dir'
import { DeskStore, STORE_FILE } from '../../../electron/core/store'
import { startSimulator } from '../../../electron/simulator'
import { requestLog, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { MemorySecretStore } from '../../harness/memory-secret-store'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'

// Damaged rows in every state a background path acts on: looked up (unknown), sent when due (queued),
// polled (accepted) and reclaimed from a gone process (sending).
const DAMAGED_STATES = ['unknown', 'queued', 'accepted', 'sending'] as const

describe('damaged outbox rows in the app', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk
  const damaged = new Map<string, string>()
  const damagedWithdrawal = randomUUID()
  let healthyUnknown: string
  let healthyQueued: string
  let healthyAccepted: string

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url)
    dir = await mkdtemp(join(tmpdir(), 'damaged-outbox-'))
    desk = await createDesk({
      dataDir: dir,
      shell: 'test',
      version: '0.0.0',
      secretStore: new MemorySecretStore(),
      chooseSavePath: async () => null,
    })
    const profile = await desk.router.call('profiles.create', {
      name: 'Test',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
    await registerProfileKey(desk, sim.sandbox.url, ws.workspaceId, profile.id)

    // Before the app's session opens: what an earlier run (or another process) left in the profile's store.
    const storeDir = profileDir(dir, profile.id)
    const earlier = DeskStore.open(storeDir, 'test')
    const outbox = Outbox.open(earlier)
    const body = { ...ws.target, amount: '1.00' }
    // Left sending by a process that is gone: the app reclaims it as unknown, then looks it up.
    healthyUnknown = (await outbox.add({ ...body, amount: '4.00' }, 'earlier run')).idempotencyKey
    for (const state of DAMAGED_STATES) {
      const entry = await outbox.add(body, 'earlier run', new Date(), randomUUID(), {
        state: state === 'queued' ? 'queued' : 'sending',
      })
      damaged.set(entry.idempotencyKey, state)
    }
    healthyQueued = (
      await outbox.add({ ...body, amount: '2.00' }, 'earlier run', new Date(), randomUUID(), { state: 'queued' })
    ).idempotencyKey
    const real = await ws.client.createWithdrawal({ ...body, amount: '3.00' }, randomUUID())
    healthyAccepted = (await outbox.add({ ...body, amount: '3.00' }, 'earlier run')).idempotencyKey
    await outbox.mark(healthyAccepted, 'accepted', { withdrawalId: real.withdrawal.id })
    earlier.close()
    const db = new DatabaseSync(join(storeDir, STORE_FILE))
    for (const [key, state] of damaged) {
      db.prepare('UPDATE outbox SET body = ?, state = ?, withdrawal_id = ? WHERE key = ?').run(
        '{"wallet_id":1}',
        state,
        state === 'accepted' ? damagedWithdrawal : null,
        key,
      )
    }
    db.close()
    await desk.router.call('profiles.select', { profileId: profile.id })
  })
  afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

  it('reports each damaged row with what is wrong and that it is held, beside the rows it can list', async () => {
    const listed = (await desk.router.call('payouts.outbox', {})).map((e) => e.idempotencyKey)
    expect(listed).toEqual(expect.arrayContaining([healthyQueued, healthyAccepted]))
    expect(listed.filter((k) => damaged.has(k))).toEqual([])
    const reported = await desk.router.call('payouts.outboxDamaged', {})
    expect(reported.map((r) => r.idempotencyKey).sort()).toEqual([...damaged.keys()].sort())
    for (const r of reported) {
      expect(r.problem).toMatch(/^body\.wallet_id: /)
      expect(r.advice).toMatch(/held and will never be sent or re-sent/)
    }
  })

  it('the background paths (look-up of unknowns, queued sends, the poller, reclaim) never send or read a damaged row', async () => {
    // The look-up of unknowns reaches the healthy unknown row last (it is the oldest): it has passed the damaged one.
    await expect
      .poll(
        async () =>
          (await desk.router.call('payouts.outbox', {})).find((e) => e.idempotencyKey === healthyUnknown)?.error?.code,
        { timeout: 20_000 },
      )
      .toBe('not_recorded')
    // The poller follows the healthy accepted row (through the withdrawal list), which it tracked at the same moment as
    // the damaged one.
    await expect
      .poll(
        async () =>
          (await requestLog(sim.sandbox.url)).some(
            (r) =>
              r.method === 'GET' && r.path.startsWith('/api/v1/withdrawals?') && !r.path.includes('idempotency_key'),
          ),
        { timeout: 20_000 },
      )
      .toBe(true)
    // The queued sender (every heartbeat) sends the healthy queued row: a tick has passed over the damaged one.
    await expect
      .poll(
        async () =>
          (await desk.router.call('payouts.outbox', {})).find((e) => e.idempotencyKey === healthyQueued)?.state,
        { timeout: 20_000 },
      )
      .toBe('accepted')
    const log = await requestLog(sim.sandbox.url)
    const touching = log.filter(
      (r) =>
        (r.idempotency_key !== null && damaged.has(r.idempotency_key)) ||
        [...damaged.keys(), damagedWithdrawal].some((k) => r.path.includes(k)),
    )
    expect(touching).toEqual([])
    // Still held as they were: nothing moved them.
    expect((await desk.router.call('payouts.outboxDamaged', {})).map((r) => r.idempotencyKey).sort()).toEqual(
      [...damaged.keys()].sort(),
    )
  })
})
