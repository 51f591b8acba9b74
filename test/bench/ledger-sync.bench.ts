/**
 * History sync against the simulator in its own process: pace against the sliding-window bound with a limit scaled to a
 * short window (over 50,000 rows, no 429), and pages read again after the syncing process is killed with SIGKILL.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pacer } from '../../electron/core/api/pacer'
import { consoleCall, makeClient, registerKey, requestLog, setupWorkspace } from '../harness/api-fixture'
import type { HistoryChildJob } from '../harness/history-child'
import { historySync, ledgerStore } from '../harness/ledger-fixture'
import { spawnSimulator } from '../harness/simulator-process'

const LIMIT = 48
const WINDOW_S = 6
const GENERATE_CALLS = 3
const PER_CALL = 20_000
const CHILD = join(import.meta.dirname, '..', 'harness', 'history-child.ts')

const isListCall = (r: { path: string }) => r.path.startsWith('/api/v1/transactions?')

function runChild(job: HistoryChildJob): Promise<string | number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(job)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => resolve(signal ?? code))
  })
}

export default async function ledgerSyncBench(): Promise<Record<string, number>> {
  const sim = await spawnSimulator()
  const scratch = await mkdtemp(join(tmpdir(), 'ledger-sync-bench-'))
  try {
    const url = sim.sandboxUrl
    const ws = await setupWorkspace(url)
    for (let i = 0; i < GENERATE_CALLS; i++)
      await consoleCall(url, 'POST', 'transactions', { wallet_id: ws.walletId, generate: PER_CALL })
    await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: LIMIT, rate_limit_window_s: WINDOW_S })
    await ws.client.sender.close()

    // A key of its own, so requests made while setting up do not count in its window; the client paces with the
    // provider's rule, and the provider counts arrivals, which its request log records.
    const key = await registerKey(url, ws.workspaceId)
    const paced = makeClient(url, key.signer, { pacer: new Pacer({ limit: LIMIT, windowSeconds: WINDOW_S }) })
    const fx = await ledgerStore(url, key.keyId, join(scratch, 'paced'))
    const result = await historySync(fx.store, fx.ledger, paced).run(new AbortController().signal)
    await paced.sender.close()
    const rows = fx.ledger.summary().rows
    await fx.dispose()
    const log = (await requestLog(url)).filter((r) => r.key_id === key.keyId)
    const arrivals = log.filter(isListCall).map((r) => Date.parse(r.at))
    // Request k can arrive no earlier than floor(k / L) windows after the first: the bound for the last one.
    const bound = Math.floor((arrivals.length - 1) / LIMIT) * WINDOW_S * 1000
    const taken = arrivals[arrivals.length - 1]! - arrivals[0]!

    // A second process syncs a fresh ledger and is killed while its 20th page is in flight; this one resumes.
    await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000, rate_limit_window_s: 60 })
    const killed = await setupWorkspace(url, 5_000)
    const kdir = join(scratch, 'killed')
    const fresh = await ledgerStore(url, killed.key.keyId, kdir)
    fresh.store.close()
    const job: HistoryChildJob = {
      baseUrl: url,
      keyId: killed.key.keyId,
      secretHex: Buffer.from(killed.key.secret).toString('hex'),
      storeDir: kdir,
      pageLimit: 100,
      killAtPage: 20,
    }
    if ((await runChild(job)) !== 'SIGKILL') throw new Error('the syncing child was not killed mid-sync')
    const again = await ledgerStore(url, killed.key.keyId, kdir)
    const committed = again.ledger.state().walk?.pages ?? 0
    const resumed = await historySync(again.store, again.ledger, killed.client).run(new AbortController().signal)
    await again.dispose()
    await killed.client.sender.close()
    const listCalls = (await requestLog(url)).filter((r) => r.key_id === killed.key.keyId && isListCall(r)).length

    return {
      ledger_sync_rows: rows,
      ledger_sync_pages: result.pages,
      ledger_sync_seconds: taken / 1000,
      ledger_sync_pace_ratio: bound / taken,
      ledger_sync_429s: log.filter((r) => r.status === 429).length,
      ledger_resume_refetched_pages: listCalls - (committed + resumed.pages),
    }
  } finally {
    await sim.close()
    await rm(scratch, { recursive: true, force: true })
  }
}
