import { ApiClient } from '../../electron/core/api/api-client'
import { Pacer } from '../../electron/core/api/pacer'
import { RequestSender } from '../../electron/core/api/request-sender'
import { consoleCall, registerKey, requestLog, setupWorkspace } from '../harness/api-fixture'
import { spawnSimulator } from '../harness/simulator-process'

const LIMIT = 20
const WINDOW_S = 2
const MOVEMENTS = 20_000

/** Pages through the whole history once; returns pages, rows and seconds taken. */
async function syncAll(client: ApiClient): Promise<{ pages: number; rows: number; seconds: number }> {
  // Warm up (connection, signing tables), then let the window empty, so the run measures pacing, not start-up.
  await client.listWallets()
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000 + 100))
  const t0 = performance.now()
  let pages = 0
  let rows = 0
  for await (const page of client.transactionPages({ limit: 100 })) {
    pages++
    rows += page.length
  }
  return { pages, rows, seconds: (performance.now() - t0) / 1000 }
}

/**
 * History sync under a sliding window of 20 requests per 2 s, with the client pacing the same,
 * beside a naive client that sends as fast as it can and sleeps Retry-After on 429 (its pacer never
 * holds a request back; its window is the contract's, so a Retry-After within it is waited out).
 * The theoretical minimum for P sequential pages is (ceil(P / L) - 1) * W: the last batch of L
 * can start no earlier than that.
 */
export default async function syncPaceBench(): Promise<Record<string, number>> {
  const sim = await spawnSimulator()
  try {
    const url = sim.sandboxUrl
    const ws = await setupWorkspace(url)
    await consoleCall(url, 'POST', 'transactions', { wallet_id: ws.walletId, generate: MOVEMENTS })
    await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: LIMIT, rate_limit_window_s: WINDOW_S })
    await ws.client.sender.close()

    const pacedKey = await registerKey(url, ws.workspaceId)
    const paced = new ApiClient(
      new RequestSender({
        baseUrl: url,
        signer: pacedKey.signer,
        pacer: new Pacer({ limit: LIMIT, windowSeconds: WINDOW_S }),
      }),
      'interactive',
    )
    const p = await syncAll(paced)
    await paced.sender.close()

    const naiveKey = await registerKey(url, ws.workspaceId)
    const naive = new ApiClient(
      new RequestSender({
        baseUrl: url,
        signer: naiveKey.signer,
        pacer: new Pacer({ limit: 1_000_000, windowSeconds: WINDOW_S, marginMs: 0 }),
        maxAttempts: 1000,
      }),
      'interactive',
    )
    const n = await syncAll(naive)
    await naive.sender.close()

    const log = await requestLog(url)
    const count429 = (keyId: string) => log.filter((r) => r.key_id === keyId && r.status === 429).length
    const minimum = (pages: number) => (Math.ceil(pages / LIMIT) - 1) * WINDOW_S
    if (p.rows !== n.rows) throw new Error(`paced and naive syncs disagree: ${p.rows} vs ${n.rows} rows`)
    return {
      sync_pages: p.pages,
      sync_rows: p.rows,
      sync_seconds: p.seconds,
      sync_pace_ratio: minimum(p.pages) / p.seconds,
      sync_429s: count429(pacedKey.keyId),
      naive_seconds: n.seconds,
      naive_pace_ratio: minimum(n.pages) / n.seconds,
      naive_429s: count429(naiveKey.keyId),
    }
  } finally {
    await sim.close()
  }
}
