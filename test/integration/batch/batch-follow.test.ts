import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { EventPayload } from '../../../shared/ipc/events'
import { checkBatchFile } from '../../../electron/core/batch/batch-check'
import { batchStatus } from '../../../electron/core/batch/batch-report'
import { BatchRunner } from '../../../electron/core/batch/batch-runner'
import { BatchStatusFollower, type FollowerTimers } from '../../../electron/core/batch/batch-status-follower'
import { submitBatch } from '../../../electron/core/batch/batch-submit'
import { FollowBudget } from '../../../electron/core/payouts/follow-budget'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../../electron/core/payouts/payout-requests'
import { batchRepo, DeskStore } from '../../../electron/core/store'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, requestLog } from '../../harness/api-fixture'
import { batchCsv, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'

/** The key's pacer with room to spare (and no request of a person waiting). */
const ROOMY = {
  limit: 120,
  windowSeconds: 60,
  remaining: 120,
  background: 0,
  backgroundLimit: 60,
  blockedUntil: null,
  waiting: null,
}

/** Timers the test fires by hand: each firing resolves when the read it started has ended. */
function handTimers() {
  const waiting = new Set<{ run: () => Promise<void>; ms: number }>()
  const timers: FollowerTimers = {
    set: (run, ms) => {
      const t = { run, ms }
      waiting.add(t)
      return t
    },
    clear: (handle) => void waiting.delete(handle as { run: () => Promise<void>; ms: number }),
  }
  return {
    timers,
    /** The wait of the one read scheduled, or null when none is. */
    next: () => {
      expect(waiting.size).toBeLessThanOrEqual(1)
      return [...waiting][0]?.ms ?? null
    },
    fire: async () => {
      const [t] = [...waiting]
      if (!t) throw new Error('no read is scheduled')
      waiting.delete(t)
      await t.run()
    },
  }
}

describe('batch payout statuses followed in the background', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: BatchWorkspace
  let dir: string
  let store: DeskStore
  let payouts: PayoutRequests
  let remaining: number
  let emitted: Array<EventPayload<'withdrawal.updated'>>
  let clock: ReturnType<typeof handTimers>
  let follower: BatchStatusFollower

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  })
  beforeEach(async () => {
    await follower?.stop()
    store?.close()
    await ws?.client.sender.close()
    ws = await setupBatchWorkspace(sim.sandbox.url, '10')
    dir = await mkdtemp(join(tmpdir(), 'batch-follow-'))
    store = DeskStore.open(dir, 'test')
    payouts = new PayoutRequests(Outbox.open(store), ws.client)
    remaining = 120
    emitted = []
    clock = handTimers()
    follower = new BatchStatusFollower({
      client: ws.client.as('background'),
      store,
      pacer: {
        limit: 120,
        status: () => ({ ...ROOMY, remaining }),
      },
      profileId: 'p1',
      emit: (e) => void emitted.push(e),
      timers: clock.timers,
    })
  })
  afterAll(async () => {
    await follower.stop()
    store.close()
    await ws.client.sender.close()
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  })

  /** Records and sends a batch of `n` rows; returns its accepted payout ids in file order. */
  const sendBatch = async (n: number) => {
    const lines = Array.from({ length: n }, (_, i) => ({
      destination: ws.destinations[i % 3]!.label,
      amount: `0.${String(i + 1).padStart(3, '0')}`,
      wallet: ws.walletId,
    }))
    const batch = await submitBatch(store, payouts.outbox, await checkBatchFile(ws.client, batchCsv(lines)), {
      source: 'f.csv',
      requestedBy: 'test',
      confirmDuplicates: false,
      retypedTotal: null,
      production: false,
    })
    expect(await new BatchRunner(store, payouts).run(batch.id)).toMatchObject({ accepted: n, finished: true })
    return { batch, ids: payouts.outbox.ofBatch(batch.id).map((e) => e.withdrawalId!) }
  }
  const reads = async (since: number) =>
    (await requestLog(sim.sandbox.url))
      .filter((r) => r.key_id === ws.key.keyId)
      .slice(since)
      .map((r) => `${r.method} ${r.path.split('?')[0]}`)
  const logged = async () => (await requestLog(sim.sandbox.url)).filter((r) => r.key_id === ws.key.keyId).length

  it('reads the list every 5 s rising to once a minute while nothing moves, and again at 5 s once a status moved', async () => {
    const { batch, ids } = await sendBatch(4)
    follower.wake()
    expect(clock.next()).toBe(5_000)
    const before = await logged()
    for (const wait of [10_000, 20_000, 40_000, 60_000, 60_000]) {
      await clock.fire()
      expect(clock.next()).toBe(wait)
    }
    expect(emitted).toEqual([])

    await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${ids[1]}/approve`)
    await clock.fire()
    expect(emitted).toEqual([
      {
        profileId: 'p1',
        withdrawal: expect.objectContaining({ id: ids[1], status: 'approved' }),
        previousStatus: 'pending_approval',
        stale: false,
      },
    ])
    expect(clock.next()).toBe(5_000)
    const status = batchStatus(store, payouts.outbox, store.repo(batchRepo).get(batch.id)!)
    expect(status.rows.map((r) => r.payoutStatus)).toEqual([
      'pending_approval',
      'approved',
      'pending_approval',
      'pending_approval',
    ])
    // Six rounds, one list page each: never a read per row.
    expect(await reads(before)).toEqual(Array(6).fill('GET /api/v1/withdrawals'))
  })

  it('stops once every payout is final, and starts again at 5 s when new rows are accepted, even during a long wait', async () => {
    const first = await sendBatch(2)
    follower.wake()
    for (const id of first.ids) await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${id}/reject`)
    await clock.fire()
    expect(emitted.map((e) => [e.withdrawal.id, e.previousStatus, e.withdrawal.status]).sort()).toEqual(
      first.ids.map((id) => [id, 'pending_approval', 'rejected']).sort(),
    )
    await clock.fire()
    expect(clock.next()).toBeNull()

    const second = await sendBatch(1)
    follower.wake()
    expect(clock.next()).toBe(5_000)
    for (const _ of [1, 2, 3]) await clock.fire()
    expect(clock.next()).toBe(40_000)
    // A row accepted during a long wait brings the next read back to the shortest one.
    await sendBatch(1)
    follower.wake()
    expect(clock.next()).toBe(5_000)
    await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${second.ids[0]}/approve`)
    await clock.fire()
    expect(emitted.at(-1)).toMatchObject({
      withdrawal: { id: second.ids[0], status: 'approved' },
      previousStatus: 'pending_approval',
    })
  })

  it("leaves the reserve of the key's budget to payouts: no read while a tenth or less is left", async () => {
    await sendBatch(2)
    follower.wake()
    remaining = 12
    const before = await logged()
    await clock.fire()
    await clock.fire()
    expect(await reads(before)).toEqual([])
    expect(clock.next()).toBe(20_000)
    remaining = 13
    await clock.fire()
    expect(await reads(before)).toEqual(['GET /api/v1/withdrawals'])
  })

  it('a round the budget cuts short is continued by the next: the oldest rows of a long batch are read too', async () => {
    await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 100_000 })
    try {
      await ws.client.sender.close()
      ws = await setupBatchWorkspace(sim.sandbox.url, '1000')
      payouts = new PayoutRequests(Outbox.open(store), ws.client)
      const { ids } = await sendBatch(350)
      // One page a round: the budget frees a request at a time, as it does when it is shared.
      let now = Date.now()
      const budget = new FollowBudget(1, () => now)
      const slow = new BatchStatusFollower({
        client: ws.client.as('background'),
        store,
        pacer: { limit: 120, status: () => ({ ...ROOMY }) },
        profileId: 'p1',
        emit: (e) => void emitted.push(e),
        timers: clock.timers,
        budget,
      })
      try {
        // The oldest row is the deepest in the list (newest first): on its fourth page.
        await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${ids[0]}/approve`)
        slow.wake()
        for (let round = 0; round < 4; round++) {
          await clock.fire()
          now += 60_000
        }
        expect(emitted.map((e) => [e.withdrawal.id, e.withdrawal.status])).toContainEqual([ids[0], 'approved'])
      } finally {
        await slow.stop()
      }
    } finally {
      await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 120 })
    }
  }, 60_000)
})
