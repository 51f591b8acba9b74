import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Withdrawal } from '../../../shared/api/resources'
import { EventBus } from '../../../electron/core/event-bus'
import { FOLLOW_REQUESTS_PER_MINUTE } from '../../../electron/core/payouts/follow-budget'
import { ProfileSession } from '../../../electron/core/session/session'
import { createEd25519Signer } from '../../../electron/core/signing'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, registerKey, requestLog, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { ManualFollowClock } from '../../harness/manual-clock'
import { readerProfile } from '../../harness/readers'

/**
 * A team's week: 300 payouts wait for approval on the console and the app follows them all. Before, each was read with
 * GET /withdrawals/{id} on its own timer: 112 to 120 of the key's 120 requests a minute, for as long as they waited.
 */
describe('following 300 payouts waiting for approval', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dataDir: string
  const rows: Withdrawal[] = []

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url)
    dataDir = await mkdtemp(join(tmpdir(), 'follow-many-'))
    await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 100_000 })
    for (let i = 0; i < 300; i += 25) {
      const made = await Promise.all(
        Array.from({ length: 25 }, () => ws.client.createWithdrawal({ ...ws.target, amount: '0.01' }, randomUUID())),
      )
      rows.push(...made.map((m) => m.withdrawal))
    }
    // The provider's own limit while the app follows them.
    await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 120 })
  }, 60_000)
  afterAll(async () => {
    await ws.client.sender.close()
    await sim.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('costs the follow budget a minute at most, read from the list, and still tells each approval', async () => {
    const key = await registerKey(sim.sandbox.url, ws.workspaceId)
    const clock = new ManualFollowClock(Date.now())
    const events = new EventBus()
    const moved: string[] = []
    events.subscribe((event, payload) => {
      const p = payload as { withdrawal: Withdrawal; previousStatus: string | null }
      if (event === 'withdrawal.updated' && p.previousStatus !== null && p.withdrawal.status !== p.previousStatus)
        moved.push(p.withdrawal.id)
    })
    const session = await ProfileSession.open(readerProfile(sim.sandbox.url, key.keyId), {
      dataDir,
      events,
      openSigner: async () => createEd25519Signer(key.keyId, key.secret),
      // As eager as a poller can be: only the follow budget holds it back.
      poller: { clock, minDelayMs: 1 },
    })
    try {
      // What the Payouts screen does with the rows it lists: every one not final is followed.
      for (const w of rows) session.poller.track(w)
      const approved = [rows[0]!, rows[150]!, rows[299]!]
      for (const w of approved) await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${w.id}/approve`)
      await clock.advance(60_000, () => session.poller.settled())

      const mine = (await requestLog(sim.sandbox.url)).filter((r) => r.key_id === key.keyId)
      expect(mine.length).toBeGreaterThanOrEqual(3)
      expect(mine.length).toBeLessThanOrEqual(FOLLOW_REQUESTS_PER_MINUTE)
      expect(mine.every((r) => r.method === 'GET' && r.path.startsWith('/api/v1/withdrawals?'))).toBe(true)
      expect(mine.filter((r) => r.status === 429)).toEqual([])
      expect(moved.sort()).toEqual(approved.map((w) => w.id).sort())
    } finally {
      await session.close()
    }
  }, 60_000)
})
