import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DeskStore } from '../../electron/core/store'
import { Outbox } from '../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../electron/core/payouts/payout-requests'
import { consoleCall, requestLog, reusedSignatures, setupWorkspace } from './api-fixture'
import type { ChildJob } from './payout-child'
import { tsChild } from './ts-child'

export interface SoakOptions {
  baseUrl: string
  /** Scratch directory for the outbox file. */
  dir: string
  payouts: number
  /** Share of payouts that get a fault from the console before they are sent. */
  faultRate?: number
  /** Share of payouts made by a child process that is killed mid-payout, then "restarted" here. */
  killRate?: number
  seed?: number
}

export interface SoakResult {
  soak_attempts: number
  soak_duplicates: number
  soak_lost: number
  soak_reused_signatures: number
  soak_accepted: number
  soak_kills: number
  soak_faults: number
}

const CHILD = join(fileURLToPath(new URL('.', import.meta.url)), 'payout-child.ts')

/** A small seeded generator (mulberry32), so a soak run can be repeated. */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The provider faults a soak injects before a payout POST, through the console. */
export const FAULTS = [
  { mode: 'drop_after_commit' },
  { mode: 'status', status: 500 },
  { mode: 'status', status: 503, retry_after: 0 },
  { mode: 'status', status: 429, retry_after: 0 },
] as const

function runChild(job: ChildJob): Promise<NodeJS.Signals | number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...tsChild(CHILD), JSON.stringify(job)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => resolve(signal ?? code))
  })
}

/**
 * Payout requests under random faults and process kills, then the provider's records are
 * compared with the outbox: one withdrawal per accepted entry, none lost, no signature sent twice.
 */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const rand = random(options.seed ?? 1)
  const { baseUrl } = options
  await consoleCall(baseUrl, 'POST', 'settings', { rate_limit_per_minute: 1_000_000, rate_limit_window_s: 60 })
  const ws = await setupWorkspace(baseUrl, 0, { maxAttempts: 6 })
  const storeDir = options.dir
  let store = DeskStore.open(storeDir, 'test')
  let outbox = Outbox.open(store)
  let payouts = new PayoutRequests(outbox, ws.client)
  let kills = 0
  let faults = 0

  const settle = async () => {
    for (let round = 0; round < 5; round++) {
      const open = (await payouts.resolveUnknown()).filter((e) => e.state === 'unknown')
      if (open.length === 0) return
      for (const e of open) if (e.error?.code === 'not_recorded') await payouts.resend(e.idempotencyKey)
    }
  }

  for (let i = 0; i < options.payouts; i++) {
    const body = { ...ws.target, amount: `0.${String(1 + (i % 999)).padStart(3, '0')}` }
    if (rand() < (options.faultRate ?? 0.5)) {
      const f = FAULTS[Math.floor(rand() * FAULTS.length)]!
      await consoleCall(baseUrl, 'POST', 'faults', {
        method: 'POST',
        path_prefix: '/api/v1/withdrawals',
        times: rand() < 0.3 ? 2 : 1,
        ...f,
      })
      faults++
    }
    if (rand() < (options.killRate ?? 0)) {
      store.close()
      const killOn = rand() < 0.5 ? 'written' : 'answer'
      const exit = await runChild({
        baseUrl,
        keyId: ws.key.keyId,
        secretHex: Buffer.from(ws.key.secret).toString('hex'),
        storeDir,
        body,
        killOn,
      })
      if (exit !== 'SIGKILL') throw new Error(`the payout child ended with ${String(exit)} instead of being killed`)
      kills++
      store = DeskStore.open(storeDir, 'test')
      outbox = Outbox.open(store)
      payouts = new PayoutRequests(outbox, ws.client)
    } else {
      await payouts.request(body, { requestedBy: 'soak' })
    }
    await settle()
  }
  await settle()

  const entries = outbox.list()
  store.close()
  const log = (await requestLog(baseUrl)).filter((r) => r.key_id === ws.key.keyId)
  const recorded = (
    await consoleCall<Array<{ workspace_id: string; idempotency_key: string }>>(baseUrl, 'GET', 'withdrawals')
  ).filter((w) => w.workspace_id === ws.workspaceId)
  const perKey = new Map<string, number>()
  for (const w of recorded) perKey.set(w.idempotency_key, (perKey.get(w.idempotency_key) ?? 0) + 1)
  const accepted = entries.filter((e) => e.state === 'accepted')
  const acceptedKeys = new Set(accepted.map((e) => e.idempotencyKey))
  const duplicates =
    [...perKey.values()].reduce((n, c) => n + Math.max(0, c - 1), 0) +
    [...perKey.keys()].filter((k) => !acceptedKeys.has(k)).length
  const lost =
    Math.max(0, options.payouts - entries.length) +
    accepted.filter((e) => (perKey.get(e.idempotencyKey) ?? 0) === 0).length +
    entries.filter((e) => e.state === 'unknown' || e.state === 'sending').length
  await ws.client.sender.close()
  return {
    soak_attempts: log.filter((r) => r.method === 'POST' && /^\/api\/v1\/withdrawals(\?|$)/.test(r.path)).length,
    soak_duplicates: duplicates,
    soak_lost: lost,
    soak_reused_signatures: reusedSignatures(log),
    soak_accepted: accepted.length,
    soak_kills: kills,
    soak_faults: faults,
  }
}
