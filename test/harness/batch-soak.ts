import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ApiClient } from '../../electron/core/api/api-client'
import { Pacer } from '../../electron/core/api/pacer'
import { RequestSender } from '../../electron/core/api/request-sender'
import { checkBatchFile } from '../../electron/core/batch/batch-check'
import { BatchRunner } from '../../electron/core/batch/batch-runner'
import { submitBatch } from '../../electron/core/batch/batch-submit'
import { Outbox } from '../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../electron/core/payouts/payout-requests'
import { batchRepo, DeskStore } from '../../electron/core/store'
import { consoleCall, registerKey, requestLog, reusedSignatures } from './api-fixture'
import type { BatchChildJob } from './batch-child'
import {
  batchCsv,
  recordedWithdrawals,
  setupBatchWorkspace,
  type BatchLine,
  type BatchWorkspace,
} from './batch-fixture'
import { tsChild } from './ts-child'

const CHILD = join(fileURLToPath(new URL('.', import.meta.url)), 'batch-child.ts')

function runChild(job: BatchChildJob): Promise<NodeJS.Signals | number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...tsChild(CHILD), JSON.stringify(job)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => resolve(signal ?? code))
  })
}

/** Every fault the console knows, on payout POSTs; each wave is consumed by the next requests. */
const FAULT_WAVE = [
  { mode: 'drop_after_commit', times: 3 },
  { mode: 'status', status: 500, times: 3 },
  { mode: 'status', status: 503, retry_after: 0, times: 3 },
  { mode: 'status', status: 429, retry_after: 0, times: 3 },
] as const

/** Rows paid from the small wallet at the end of the file; the provider refuses the last of them. */
export const SMALL_ROWS = 10
const SMALL_BALANCE = '10.45'
/** Spent from the small wallet after the check, by another payout: rows 1.05 to 1.09 no longer fit. */
const SPEND = '5'
export const EXPECTED_REFUSED = 5

export interface BatchSoakResult {
  batch_rows: number
  batch_duplicates: number
  batch_lost: number
  batch_kills: number
  batch_reused_signatures: number
  batch_accepted: number
  batch_refused: number
  /** Refused rows whose reason is not the provider's refusal, or that reached the provider under any key. */
  batch_refused_wrong: number
  batch_faults: number
}

function soakLines(ws: BatchWorkspace, rows: number): BatchLine[] {
  const lines: BatchLine[] = []
  for (let i = 0; i < rows - SMALL_ROWS; i++) {
    const d = ws.destinations[i % ws.destinations.length]!
    // Destinations named by label, id and address in turn, with amounts that never repeat.
    lines.push({
      destination: [d.label, d.id, d.address][i % 3]!,
      amount: `0.${String(i + 1).padStart(4, '0')}`,
      wallet: ws.walletId,
      reference: `soak-${i + 1}`,
    })
  }
  for (let i = 0; i < SMALL_ROWS; i++)
    lines.push({
      destination: ws.destinations[0]!.label,
      amount: `1.0${i}`,
      wallet: 'Small wallet',
      reference: `small-${i + 1}`,
    })
  return lines
}

/**
 * A batch submitted by a process that is killed three times mid-run under every console fault,
 * resumed each time, then finished here; the provider's records are compared with the outbox.
 */
export async function runBatchSoak(baseUrl: string, dir: string, rows = 500): Promise<BatchSoakResult> {
  await consoleCall(baseUrl, 'POST', 'settings', { rate_limit_per_minute: 1_000_000, rate_limit_window_s: 60 })
  const ws = await setupBatchWorkspace(baseUrl, SMALL_BALANCE, { maxAttempts: 6 })
  const csvFile = join(dir, 'soak.csv')
  await writeFile(csvFile, batchCsv(soakLines(ws, rows)))
  const job = { baseUrl, keyId: ws.key.keyId, secretHex: Buffer.from(ws.key.secret).toString('hex'), storeDir: dir }
  let faults = 0
  const wave = async () => {
    for (const f of FAULT_WAVE)
      await consoleCall(baseUrl, 'POST', 'faults', { method: 'POST', path_prefix: '/api/v1/withdrawals', ...f })
    faults += FAULT_WAVE.length
  }

  let kills = 0
  let batchId: string | undefined
  for (const killAfterPosts of [40, 120, 90]) {
    await wave()
    const exit = await runChild(batchId ? { ...job, batchId, killAfterPosts } : { ...job, csvFile, killAfterPosts })
    if (exit !== 'SIGKILL') throw new Error(`the batch child ended with ${String(exit)} instead of being killed`)
    kills++
    if (!batchId) {
      const store = DeskStore.open(dir, 'test')
      batchId = store.repo(batchRepo).list()[0]?.id
      store.close()
      if (!batchId) throw new Error('the first child was killed before it recorded the batch')
      // Another payout drains the small wallet after the check: the provider refuses the last rows.
      await ws.client.createWithdrawal(
        {
          wallet_id: ws.smallWalletId,
          asset: 'USDC',
          network: 'ethereum-sepolia',
          amount: SPEND,
          destination: ws.destinations[1]!.address,
        },
        `spend-${batchId}`,
      )
    }
  }
  await wave()
  const store = DeskStore.open(dir, 'test')
  const sender = new RequestSender({
    baseUrl,
    signer: ws.key.signer,
    pacer: new Pacer({ limit: 1_000_000, windowSeconds: 60, ledger: store.pacerLedger(baseUrl, ws.key.keyId) }),
    backoff: { baseMs: 5, maxMs: 20 },
    maxAttempts: 6,
  })
  const payouts = new PayoutRequests(Outbox.open(store), new ApiClient(sender, 'interactive'))
  await new BatchRunner(store, payouts, { unknownDelayMs: 50 }).run(batchId!)
  const entries = payouts.outbox.ofBatch(batchId!)
  store.close()
  await sender.close()
  await ws.client.sender.close()

  const log = (await requestLog(baseUrl)).filter((r) => r.key_id === ws.key.keyId)
  const recorded = (await recordedWithdrawals(baseUrl, ws.workspaceId)).filter(
    (w) => w.idempotency_key !== `spend-${batchId}`,
  )
  const perKey = new Map<string, number>()
  for (const w of recorded) perKey.set(w.idempotency_key, (perKey.get(w.idempotency_key) ?? 0) + 1)
  const keys = new Set(entries.map((e) => e.idempotencyKey))
  const accepted = entries.filter((e) => e.state === 'accepted')
  const refused = entries.filter((e) => e.state === 'refused')
  return {
    batch_rows: entries.length,
    // A second withdrawal under one key, or one under a key the batch never recorded (a new key minted for a row).
    batch_duplicates:
      [...perKey.values()].reduce((n, c) => n + c - 1, 0) + [...perKey.keys()].filter((k) => !keys.has(k)).length,
    batch_lost:
      Math.max(0, rows - entries.length) +
      entries.filter((e) => e.state !== 'accepted' && e.state !== 'refused').length +
      accepted.filter((e) => perKey.get(e.idempotencyKey) !== 1).length,
    batch_kills: kills,
    batch_reused_signatures: reusedSignatures(log),
    batch_accepted: accepted.length,
    batch_refused: refused.length,
    batch_refused_wrong: refused.filter(
      (e) => e.error?.code !== 'withdrawal_failed' || perKey.has(e.idempotencyKey) || !e.body.amount.startsWith('1.0'),
    ).length,
    batch_faults: faults,
  }
}

/**
 * The sending phase of a batch under a sliding window scaled down to `windowSeconds`: the time
 * the bound allows ((ceil(rows / limit) - 1) windows: the last `limit` can start no earlier) over
 * the time taken. Near 1 means the batch goes as fast as the provider's limit lets it.
 */
export async function runBatchPace(
  baseUrl: string,
  dir: string,
  rows: number,
  limit: number,
  windowSeconds: number,
): Promise<{ ratio: number; seconds: number; rateLimited: number }> {
  await consoleCall(baseUrl, 'POST', 'settings', { rate_limit_per_minute: 1_000_000, rate_limit_window_s: 60 })
  const ws = await setupBatchWorkspace(baseUrl, '10')
  await ws.client.sender.close()
  const key = await registerKey(baseUrl, ws.workspaceId)
  await consoleCall(baseUrl, 'POST', 'settings', { rate_limit_per_minute: limit, rate_limit_window_s: windowSeconds })
  const store = DeskStore.open(dir, 'test')
  const sender = new RequestSender({
    baseUrl,
    signer: key.signer,
    pacer: new Pacer({ limit, windowSeconds, ledger: store.pacerLedger(baseUrl, key.keyId) }),
  })
  const client = new ApiClient(sender, 'interactive')
  const payouts = new PayoutRequests(Outbox.open(store), client)
  const lines = soakLines(ws, rows + SMALL_ROWS).slice(0, rows)
  const batch = await submitBatch(store, payouts.outbox, await checkBatchFile(client, batchCsv(lines)), {
    source: 'pace.csv',
    requestedBy: 'bench',
    confirmDuplicates: false,
    retypedTotal: null,
    production: false,
  })
  // Let the check's reads leave the window, so the run measures the sending phase alone.
  await new Promise((r) => setTimeout(r, windowSeconds * 1000 + 100))
  const t0 = performance.now()
  const done = await new BatchRunner(store, payouts).run(batch.id)
  const seconds = (performance.now() - t0) / 1000
  store.close()
  await sender.close()
  if (done.accepted !== rows) throw new Error(`the paced batch accepted ${done.accepted} of ${rows} rows`)
  const rateLimited = (await requestLog(baseUrl)).filter((r) => r.key_id === key.keyId && r.status === 429).length
  await consoleCall(baseUrl, 'POST', 'settings', { rate_limit_per_minute: 120, rate_limit_window_s: 60 })
  return { ratio: ((Math.ceil(rows / limit) - 1) * windowSeconds) / seconds, seconds, rateLimited }
}
