import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Withdrawal } from '../../shared/api/resources'
import { EventBus } from '../../electron/core/event-bus'
import { ProfileSession } from '../../electron/core/session/session'
import { createEd25519Signer } from '../../electron/core/signing'
import { consoleCall, registerKey, requestLog, setupWorkspace } from '../harness/api-fixture'
import { readerProfile } from '../harness/readers'
import { spawnSimulator } from '../harness/simulator-process'

const WAITING = 300
const MOVEMENTS = 20_000
const MEASURE_MS = 90_000
const PERSON_EVERY_MS = 2_000

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!
}

/**
 * A team's week at once, against the simulator with the provider's limit on (120 a minute): the app follows 300
 * payouts waiting for approval and syncs a 20,000-movement history, while a person reads screens and registers
 * destinations every 2 s. `team_week_interactive_wait_p95_ms`: the person's request, from the call to its answer
 * (the wait for a place in the key's budget and the exchange), p95. `team_week_follow_requests_per_min`: what
 * following the 300 payouts cost a minute over the run.
 */
export default async function teamWeekBench(): Promise<Record<string, number>> {
  const sim = await spawnSimulator()
  const dataDir = await mkdtemp(join(tmpdir(), 'team-week-'))
  try {
    const url = sim.sandboxUrl
    await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: 100_000 })
    const ws = await setupWorkspace(url, MOVEMENTS)
    const rows: Withdrawal[] = []
    for (let i = 0; i < WAITING; i += 25) {
      const made = await Promise.all(
        Array.from({ length: 25 }, () => ws.client.createWithdrawal({ ...ws.target, amount: '0.01' }, randomUUID())),
      )
      rows.push(...made.map((m) => m.withdrawal))
    }
    await ws.client.sender.close()
    await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: 120, rate_limit_window_s: 60 })

    const key = await registerKey(url, ws.workspaceId)
    const session = await ProfileSession.open(readerProfile(url, key.keyId), {
      dataDir,
      events: new EventBus(),
      openSigner: async () => createEd25519Signer(key.keyId, key.secret),
    })
    const started = Date.now()
    try {
      session.start({ followPayouts: true, syncHistory: true })
      // What the Payouts screen does with the rows it lists: every one not final is followed.
      for (const w of rows) session.poller.track(w)
      const person: Array<() => Promise<unknown>> = [
        () => session.client.listWallets(),
        () => session.client.listCounterparties(),
        () => session.client.transactionPage({ limit: 25 }),
        () =>
          session.client.createCounterparty({
            network: 'ethereum-sepolia',
            address: '0x' + randomBytes(20).toString('hex'),
            counterparty_type: 'company',
            company_name: 'Team week payee',
            wallet_type: 'unhosted',
            country: 'DE',
          }),
      ]
      const waits: number[] = []
      for (let i = 0; Date.now() - started < MEASURE_MS; i++) {
        const t0 = performance.now()
        await person[i % person.length]!()
        waits.push(performance.now() - t0)
        await new Promise((r) => setTimeout(r, Math.max(0, PERSON_EVERY_MS - (performance.now() - t0))))
      }
      const minutes = (Date.now() - started) / 60_000
      const mine = (await requestLog(url)).filter((r) => r.key_id === key.keyId && Date.parse(r.at) >= started)
      const follow = mine.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/withdrawals'))
      const history = mine.filter(
        (r) => r.method === 'GET' && r.path.startsWith('/api/v1/transactions') && !r.path.includes('limit=25'),
      )
      return {
        team_week_interactive_wait_p95_ms: p95(waits),
        team_week_interactive_wait_max_ms: Math.max(...waits),
        team_week_follow_requests_per_min: follow.length / minutes,
        team_week_history_requests_per_min: history.length / minutes,
        team_week_429s: mine.filter((r) => r.status === 429).length,
      }
    } finally {
      await session.close()
    }
  } finally {
    await sim.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
