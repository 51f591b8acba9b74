import { Pool } from 'undici'
import { Pacer } from '../../electron/core/api/pacer'
import { signAttempt } from '../../electron/core/signing'
import { consoleCall, makeClient, setupWorkspace } from '../harness/api-fixture'
import { spawnSimulator } from '../harness/simulator-process'

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

/**
 * Signed GET /api/v1/wallets through the client (pace, sign, send, classify, validate) versus a
 * bare undici GET with headers signed before the clock starts (the simulator refuses a replayed
 * signature, so each bare request gets its own pre-signed headers).
 */
export default async function overheadBench(): Promise<Record<string, number>> {
  const n = 600
  const sim = await spawnSimulator()
  try {
    const url = sim.sandboxUrl
    await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
    const ws = await setupWorkspace(url)
    const client = makeClient(url, ws.key.signer, { pacer: new Pacer({ limit: 1_000_000, windowSeconds: 60 }) })
    const pool = new Pool(url, { connections: 8, keepAliveTimeout: 10_000 })
    const presigned = Array.from({ length: n + 50 }, () =>
      signAttempt(ws.key.signer, { method: 'GET', path: '/api/v1/wallets', nowSeconds: Date.now() / 1000 }),
    )
    const bare = async (i: number) => {
      const s = presigned[i]!
      const res = await pool.request({
        method: 'GET',
        path: s.pathWithQuery,
        headers: { ...s.headers, accept: 'application/json' },
      })
      await res.body.arrayBuffer()
      if (res.statusCode !== 200) throw new Error(`bare GET answered ${res.statusCode}`)
    }
    for (let i = 0; i < 50; i++) {
      await client.listWallets()
      await bare(n + i)
    }
    const viaClient: number[] = []
    const viaBare: number[] = []
    for (let i = 0; i < n; i++) {
      let t = performance.now()
      await client.listWallets()
      viaClient.push(performance.now() - t)
      t = performance.now()
      await bare(i)
      viaBare.push(performance.now() - t)
    }
    viaClient.sort((a, b) => a - b)
    viaBare.sort((a, b) => a - b)
    await client.sender.close()
    await ws.client.sender.close()
    await pool.close()
    return {
      overhead_client_p50_ms: percentile(viaClient, 50),
      overhead_client_p99_ms: percentile(viaClient, 99),
      overhead_bare_p50_ms: percentile(viaBare, 50),
      overhead_bare_p99_ms: percentile(viaBare, 99),
      overhead_ratio_p50: percentile(viaClient, 50) / percentile(viaBare, 50),
      overhead_ratio_p99: percentile(viaClient, 99) / percentile(viaBare, 99),
    }
  } finally {
    await sim.close()
  }
}
