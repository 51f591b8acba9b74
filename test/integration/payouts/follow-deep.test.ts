import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Withdrawal } from '../../../shared/api/resources'
import { EventBus } from '../../../electron/core/event-bus'
import { FOLLOW_BOUND_MS, FOLLOW_REQUESTS_PER_MINUTE } from '../../../electron/core/payouts/follow-budget'
import { ProfileSession } from '../../../electron/core/session/session'
import { createEd25519Signer } from '../../../electron/core/signing'
import { alteredWithdrawals } from '../../../electron/core/store'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, registerKey, requestLog, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { ManualFollowClock } from '../../harness/manual-clock'
import { readerProfile } from '../../harness/readers'

const WAITING = 1_000
/** Where the desk's own payout sits in the list (newest first): the 459th-of-617 of a team's week, deeper. */
const DEPTH = 700

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
 * A thousand payouts wait for approval and the app follows them all at the follow budget (12 requests a minute). Before,
 * every round began again at the list's first page and the budget freed one request at a time, so after the first
 * minute pages past the first were never read: an amount altered at the provider deep in the list raised no alarm.
 */
describe('following 1,000 waiting payouts reaches the deepest', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dataDir: string
  let session: ProfileSession
  let clock: ManualFollowClock
  let rows: Withdrawal[]
  let mine: Withdrawal

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url)
    dataDir = await mkdtemp(join(tmpdir(), 'follow-deep-'))
    await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
    const key = await registerKey(sim.sandbox.url, ws.workspaceId)
    clock = new ManualFollowClock(Date.now(), 5)
    session = await ProfileSession.open(readerProfile(sim.sandbox.url, key.keyId), {
      dataDir,
      events: new EventBus(),
      openSigner: async () => createEd25519Signer(key.keyId, key.secret),
      // The app's own tempo on a clock the test moves; the key's pacer is not what is measured here.
      poller: { clock },
      pacing: { limit: 100_000 },
    })
    const older = await made(ws, WAITING - DEPTH - 1)
    mine = (await session.payouts.request({ ...ws.target, amount: '0.25' }, { requestedBy: 'app' })).withdrawal!
    rows = [...older, mine, ...(await made(ws, DEPTH))]
  }, 120_000)
  afterAll(async () => {
    await session?.close()
    await ws?.client.sender.close()
    await sim?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('an amount altered at the provider deep in the list raises the alarm within the bound, and sends stop', async () => {
    session.start({ followPayouts: true })
    // What the Payouts screen does with the rows it lists: every one not final is followed.
    for (const w of rows) session.poller.track(w)
    // A team at work: a payout comes every 5 s (followed as it is listed) and the one before is approved, so the
    // newest page always has something moving and the follow budget is spent a request at a time.
    let last: Withdrawal | undefined
    const minutes = async (ms: number, until: () => boolean = () => false): Promise<number | null> => {
      const start = clock.now()
      while (clock.now() - start < ms) {
        if (last) await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${last.id}/approve`)
        ;[last] = await made(ws, 1)
        session.poller.track(last!)
        await clock.advance(5_000, () => session.poller.settled())
        if (until()) return clock.now() - start
      }
      return null
    }
    await minutes(FOLLOW_BOUND_MS)
    const before = (await requestLog(sim.sandbox.url)).length

    await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${mine.id}/alter`, { amount: '25' })
    const open = () =>
      session.store.read('read the altered payouts', () => session.store.repo(alteredWithdrawals).open())
    const found = await minutes(FOLLOW_BOUND_MS, () => open().length > 0)
    expect(found, `the alteration at ${DEPTH} of ${WAITING} was not found within ${FOLLOW_BOUND_MS} ms`).not.toBeNull()
    expect(open()[0]).toMatchObject({ withdrawalId: mine.id })
    const refused = await session.payouts.request({ ...ws.target, amount: '1' }, { requestedBy: 'app' }).then(
      () => 'sent',
      (err: { code?: string }) => err.code,
    )
    expect(refused).toBe('withdrawal_altered')

    // Within the follow budget throughout, list pages only.
    const log = (await requestLog(sim.sandbox.url))
      .slice(before)
      .filter((r) => r.path.startsWith('/api/v1/withdrawals?'))
    expect(log.length).toBeLessThanOrEqual(Math.ceil((FOLLOW_REQUESTS_PER_MINUTE * (found ?? 0)) / 60_000) + 12)
  }, 120_000)
})
