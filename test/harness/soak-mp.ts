import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { ApiClient } from '../../electron/core/api/api-client'
import { Pacer } from '../../electron/core/api/pacer'
import { RequestSender } from '../../electron/core/api/request-sender'
import { AuditLog } from '../../electron/core/audit/audit-log'
import { Outbox } from '../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../electron/core/payouts/payout-requests'
import { QueuedSender } from '../../electron/core/payouts/queued-sender'
import { DeskStore } from '../../electron/core/store'
import { consoleCall, requestLog, reusedSignatures, setupWorkspace } from './api-fixture'
import { FAULTS, random } from './soak'
import type { SoakWorkerJob } from './soak-worker'
import { outboxOutcomes } from './store-reader'
import { tsChild } from './ts-child'

const WORKER = join(import.meta.dirname, 'soak-worker.ts')

export interface MultiProcessSoakOptions {
  baseUrl: string
  /** The profile folder every process opens. */
  dir: string
  /** Payout processes alive at once beside this one; a killed one is restarted. */
  workers: number
  /** Payouts each worker makes in all, across its restarts. */
  payoutsPerWorker: number
  /** Payouts this (the test's) process makes meanwhile. */
  ownPayouts: number
  /**
   * How often each worker is killed -9 (each time after a random number of its payouts, plus up to `killWithinMs`)
   * before it may finish.
   */
  killsPerWorker: number
  killWithinMs: number
  /** Chance of a provider fault after each payout a worker finishes and before each of this process's. */
  faultRate: number
  seed: number
}

export interface MultiProcessSoakResult {
  /** Withdrawal POSTs the provider received. */
  attempts: number
  /** Provider records beyond one per accepted entry, and records of keys not accepted locally. */
  duplicates: number
  /** Entries not accepted at the end, and accepted ones the provider has no record of. */
  lost: number
  reusedSignatures: number
  entries: number
  kills: number
  faults: number
  /** Entries marked interrupted although the process sending them was never killed. */
  liveMarkedUnknown: number
  /** Entries not accepted at the end, by the state they were left in (issue 34: one was left `queued`). */
  unresolved: Record<UnresolvedState, number>
}

export const UNRESOLVED_STATES = ['queued', 'held', 'sending', 'unknown', 'refused', 'discarded'] as const
export type UnresolvedState = (typeof UNRESOLVED_STATES)[number]

interface WorkerRun {
  done: number
  token: string | null
  killed: boolean
}

/**
 * Spawns a worker and, if `killAt` is given, ends it with SIGKILL `delayMs` after its `afterPayouts`-th payout (0:
 * after
 * it opened the store). Counting payouts, not time, lands the kill inside the work however fast the machine is.
 */
function runWorker(
  job: SoakWorkerJob,
  killAt: { afterPayouts: number; delayMs: number } | null,
  onPayout: () => void,
): Promise<WorkerRun> {
  const child = spawn(process.execPath, [...tsChild(WORKER), JSON.stringify(job)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const run: WorkerRun = { done: 0, token: null, killed: false }
  let timer: NodeJS.Timeout | undefined
  let pending = ''
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8')
    for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
      const line = pending.slice(0, nl)
      pending = pending.slice(nl + 1)
      if (line.startsWith('token ')) {
        run.token = line.slice('token '.length)
      } else if (line === 'ok') {
        run.done++
        onPayout()
      } else continue
      if (killAt && run.done === killAt.afterPayouts) timer = setTimeout(() => child.kill('SIGKILL'), killAt.delayMs)
    }
  })
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    // 'close', not 'exit': every line the worker wrote before it died has been read by then.
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (signal === 'SIGKILL') resolve({ ...run, killed: true })
      else if (code === 0) resolve(run)
      else reject(new Error(`soak worker ended with ${signal ?? code}`))
    })
  })
}

/**
 * Several payout processes on one store at once, under provider faults and kill -9 at random
 * points, restarted until each has made its payouts; this process pays too. Then every entry is
 * resolved here (looked up; re-sent under its own key when the provider has no record) and the
 * provider's records are compared with the outbox.
 */
export async function runMultiProcessSoak(o: MultiProcessSoakOptions): Promise<MultiProcessSoakResult> {
  const rand = random(o.seed)
  const { baseUrl } = o
  await consoleCall(baseUrl, 'POST', 'settings', { rate_limit_per_minute: 1_000_000, rate_limit_window_s: 60 })
  const ws = await setupWorkspace(baseUrl)
  await ws.client.sender.close()
  const store = DeskStore.open(o.dir, 'test')
  const client = new ApiClient(
    new RequestSender({
      baseUrl,
      signer: ws.key.signer,
      pacer: new Pacer({ limit: 100_000, windowSeconds: 1, ledger: store.pacerLedger(baseUrl, ws.key.keyId) }),
      audit: new AuditLog(store, 'soak'),
      maxAttempts: 6,
      backoff: { baseMs: 5, maxMs: 20 },
    }),
    'interactive',
  )
  const outbox = Outbox.open(store)
  const payouts = new PayoutRequests(outbox, client)
  const { target } = ws
  const body = {
    wallet_id: target.wallet_id,
    asset: target.asset,
    destination: target.destination,
    network: target.network,
  }
  const killed = new Set<string>()
  const faultCalls: Array<Promise<unknown>> = []
  let kills = 0
  let faults = 0

  const maybeFault = () => {
    if (rand() >= o.faultRate) return
    const f = FAULTS[Math.floor(rand() * FAULTS.length)]!
    faults++
    faultCalls.push(
      consoleCall(baseUrl, 'POST', 'faults', {
        method: 'POST',
        path_prefix: '/api/v1/withdrawals',
        times: rand() < 0.3 ? 2 : 1,
        ...f,
      }),
    )
  }

  const workerSlot = async () => {
    for (let left = o.payoutsPerWorker, run = 0; left > 0; run++) {
      const job: SoakWorkerJob = {
        baseUrl,
        keyId: ws.key.keyId,
        secretHex: Buffer.from(ws.key.secret).toString('hex'),
        storeDir: o.dir,
        body,
        payouts: left,
      }
      // At least two payouts are left after the kill point, so the worker is still at work when it comes.
      const killAt =
        run < o.killsPerWorker && left >= 2
          ? { afterPayouts: Math.floor(rand() * (left - 1)), delayMs: rand() * o.killWithinMs }
          : null
      const ran = await runWorker(job, killAt, maybeFault)
      left -= ran.done
      if (!ran.killed) continue
      kills++
      if (ran.token) killed.add(ran.token)
    }
  }
  const ownPayouts = async () => {
    for (let i = 0; i < o.ownPayouts; i++) {
      maybeFault()
      await payouts.request({ ...body, amount: `1.${String(1 + (i % 999)).padStart(3, '0')}` }, { requestedBy: 'soak' })
    }
  }
  await Promise.all([...Array.from({ length: o.workers }, workerSlot), ownPayouts()])
  await Promise.all(faultCalls)

  await settle(outbox, payouts)
  const entries = outbox.list()
  await client.sender.close()
  store.close()

  const log = (await requestLog(baseUrl)).filter((r) => r.key_id === ws.key.keyId)
  const recorded = (
    await consoleCall<Array<{ workspace_id: string; idempotency_key: string }>>(baseUrl, 'GET', 'withdrawals')
  ).filter((w) => w.workspace_id === ws.workspaceId)
  const perKey = new Map<string, number>()
  for (const w of recorded) perKey.set(w.idempotency_key, (perKey.get(w.idempotency_key) ?? 0) + 1)
  const accepted = new Set(entries.filter((e) => e.state === 'accepted').map((e) => e.idempotencyKey))
  return {
    attempts: log.filter((r) => r.method === 'POST' && /^\/api\/v1\/withdrawals(\?|$)/.test(r.path)).length,
    duplicates:
      [...perKey.values()].reduce((n, c) => n + c - 1, 0) + [...perKey.keys()].filter((k) => !accepted.has(k)).length,
    lost: entries.length - accepted.size + [...accepted].filter((k) => !perKey.has(k)).length,
    reusedSignatures: reusedSignatures(log),
    entries: entries.length,
    kills,
    faults,
    liveMarkedUnknown: interruptedWhileAlive(o.dir, killed),
    unresolved: Object.fromEntries(
      UNRESOLVED_STATES.map((state) => [state, entries.filter((e) => e.state === state).length]),
    ) as Record<UnresolvedState, number>,
  }
}

/**
 * Every entry to a final answer, as the app's services do: those left `sending` by killed processes become `unknown`
 * once this process sees their senders gone; each `unknown` is looked up and, when the provider has no record, re-sent
 * under its own key and body; a `queued` one (the provider asked to wait) is sent once its time has come.
 */
async function settle(outbox: Outbox, payouts: PayoutRequests): Promise<void> {
  const deadline = Date.now() + 60_000
  const queued = new QueuedSender(outbox, payouts)
  for (;;) {
    outbox.reclaimOrphans()
    const open = (await payouts.resolveUnknown()).filter((e) => e.state === 'unknown')
    for (const e of open) if (e.error?.code === 'not_recorded') await payouts.resend(e.idempotencyKey)
    await queued.tick()
    const left = outbox.list().filter((e) => e.state === 'unknown' || e.state === 'sending' || e.state === 'queued')
    if (left.length === 0) return
    if (Date.now() > deadline) throw new Error(`${left.length} outbox entries still unresolved after a minute`)
    // A killed pid the OS already reused counts as gone only when its heartbeat goes stale.
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Entries marked interrupted whose last sender was a process the soak never killed (must be 0). */
function interruptedWhileAlive(dir: string, killed: ReadonlySet<string>): number {
  const sender = new Map<string, string>()
  let count = 0
  for (const row of outboxOutcomes(dir)) {
    if (row.state === 'sending') sender.set(row.key, row.process)
    else if (row.state === 'unknown' && row.code === 'interrupted' && !killed.has(sender.get(row.key) ?? '')) count++
  }
  return count
}
