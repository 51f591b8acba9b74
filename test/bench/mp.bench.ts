import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { consoleCall, registerKey, requestLog, setupWorkspace } from '../harness/api-fixture'
import { readerProfile, spawnReaders } from '../harness/readers'
import { spawnSimulator } from '../harness/simulator-process'

const PROCESSES = 3
const LIMIT = 60
const WINDOW_S = 3
/** Five full windows in all: about 15 s at the bound. */
const REQUESTS_EACH = (5 * LIMIT) / PROCESSES

/**
 * Steady throughput against the bound: the provider admits at most LIMIT per window, so the
 * arrival LIMIT places after any arrival comes at least W later. Between the first LIMIT arrivals
 * and the last LIMIT arrivals (their mean times) n − LIMIT requests were served; at the bound that
 * takes (n − LIMIT) × W / LIMIT. Comparing the means leaves out how fast the first window fills
 * and the last one drains, which is the readers' speed, not the pacer's.
 */
function paceRatio(arrivals: number[]): number {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
  const sorted = [...arrivals].sort((a, b) => a - b)
  const elapsedMs = mean(sorted.slice(-LIMIT)) - mean(sorted.slice(0, LIMIT))
  return ((sorted.length - LIMIT) * WINDOW_S * 1000) / LIMIT / elapsedMs
}

/**
 * Three processes on one profile store read as fast as their pacers let them, against the
 * provider's limit scaled to 60 per 3 s: together they must stay within it (0 × 429) and still
 * use nearly all of it (pace ratio near 1).
 */
export default async function multiProcessPaceBench(): Promise<Record<string, number>> {
  const sim = await spawnSimulator()
  const dataDir = await mkdtemp(join(tmpdir(), 'mp-bench-'))
  try {
    const url = sim.sandboxUrl
    const ws = await setupWorkspace(url)
    await ws.client.sender.close()
    await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: LIMIT, rate_limit_window_s: WINDOW_S })
    const key = await registerKey(url, ws.workspaceId)
    const readers = await spawnReaders(PROCESSES, {
      dataDir,
      profile: readerProfile(url, key.keyId),
      key,
      pacing: { limit: LIMIT, windowSeconds: WINDOW_S },
      requests: REQUESTS_EACH,
    })
    const results = await readers.go()
    const log = (await requestLog(url)).filter((r) => r.key_id === key.keyId)
    const served = log.filter((r) => r.status === 200)
    const times = served.map((r) => Date.parse(r.at))
    const failed = results.reduce((n, r) => n + r.failed, 0)
    if (failed > 0) throw new Error(`${failed} reads failed`)
    return {
      mp_processes: results.length,
      mp_requests: served.length,
      mp_seconds: (Math.max(...times) - Math.min(...times)) / 1000,
      mp_429s: log.filter((r) => r.status === 429).length,
      mp_pace_ratio: paceRatio(times),
    }
  } finally {
    await sim.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
