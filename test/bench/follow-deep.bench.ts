import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Withdrawal } from '../../shared/api/resources'
import { EventBus } from '../../electron/core/event-bus'
import { ProfileSession } from '../../electron/core/session/session'
import { createEd25519Signer } from '../../electron/core/signing'
import { startSimulator } from '../../electron/simulator'
import { consoleCall, registerKey, setupWorkspace, type Workspace } from '../harness/api-fixture'
import { ManualFollowClock } from '../harness/manual-clock'
import { readerProfile } from '../harness/readers'

const WAITING = 1_000
const MEASURE_MS = 15 * 60_000
/** Follow-clock time a look at the clock takes: a page of 100 read and applied takes about half a second. */
const PER_LOOK_MS = 5

async function made(ws: Workspace, n: number): Promise<Withdrawal[]> {
  const out: Withdrawal[] = []
  for (let i = 0; i < n; i += 50) {
    const page = await Promise.all(
      Array.from({ length: Math.min(50, n - i) }, () =>
        ws.client.createWithdrawal({ ...ws.target, amount: '0.01' }, randomUUID()),
      ),
    )
    out.push(...page.map((p) => p.withdrawal))
  }
  return out
}

/**
 * The follower at a team's size: 1,000 payouts wait for approval while a new one comes every 5 s and the one before
 * is approved (so the newest page always has something moving), at the follow budget of 12 requests a minute, on a
 * clock the bench moves. `follow_worst_read_age_s`: once every payout was read, the longest any followed payout went
 * without being read again over 15 minutes (the bound an alteration deep in the list is found within).
 */
export default async function followDeepBench(): Promise<Record<string, number>> {
  const sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  const dataDir = await mkdtemp(join(tmpdir(), 'follow-deep-'))
  try {
    const url = sim.sandbox.url
    await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
    const ws = await setupWorkspace(url)
    const rows = await made(ws, WAITING)
    const key = await registerKey(url, ws.workspaceId)
    const clock = new ManualFollowClock(Date.now(), PER_LOOK_MS)
    const session = await ProfileSession.open(readerProfile(url, key.keyId), {
      dataDir,
      events: new EventBus(),
      openSigner: async () => createEd25519Signer(key.keyId, key.secret),
      poller: { clock },
      pacing: { limit: 100_000 },
    })
    try {
      session.start({ followPayouts: true })
      for (const w of rows) session.poller.track(w)
      let last: Withdrawal | undefined
      let worst = 0
      const start = clock.now()
      while (clock.now() - start < MEASURE_MS) {
        if (last) await consoleCall(url, 'POST', `withdrawals/${last.id}/approve`)
        ;[last] = await made(ws, 1)
        session.poller.track(last!)
        await clock.advance(5_000, () => session.poller.settled())
        const oldest = session.poller.oldestReadAt()
        if (oldest !== null) worst = Math.max(worst, clock.now() - oldest)
      }
      await ws.client.sender.close()
      return { follow_worst_read_age_s: Math.round(worst / 1000) }
    } finally {
      await session.close()
    }
  } finally {
    await sim.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
