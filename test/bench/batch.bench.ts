import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkBatchFile, hasErrors } from '../../electron/core/batch/batch-check'
import { batchCsv, setupBatchWorkspace } from '../harness/batch-fixture'
import { runBatchPace, runBatchSoak } from '../harness/batch-soak'
import { spawnSimulator } from '../harness/simulator-process'

const PACE_ROWS = 100
const PACE_LIMIT = 10
const PACE_WINDOW_S = 5

/**
 * Batch payouts: the 500-row fault and kill soak, the sending phase against a sliding window
 * scaled from 120 per 60 s to 10 per 5 s (the production rate, so the provider's limit and not this shared machine's
 * speed bounds a row: a row costs 50 to 100 ms here), and the time to check a 1,000-row file (its reads included).
 */
export default async function batchBench(): Promise<Record<string, number>> {
  const sim = await spawnSimulator()
  const dirs: string[] = []
  const scratch = async () => {
    const d = await mkdtemp(join(tmpdir(), 'batch-bench-'))
    dirs.push(d)
    return d
  }
  try {
    const url = sim.sandboxUrl
    const soak = await runBatchSoak(url, await scratch(), 500)
    const pace = await runBatchPace(url, await scratch(), PACE_ROWS, PACE_LIMIT, PACE_WINDOW_S)

    const ws = await setupBatchWorkspace(url)
    const csv = batchCsv(
      Array.from({ length: 1000 }, (_, i) => ({
        destination: ws.destinations[i % 3]!.label,
        amount: `0.${String(i + 1).padStart(4, '0')}`,
        wallet: ws.walletId,
      })),
    )
    const t0 = performance.now()
    const check = await checkBatchFile(ws.client, csv)
    const checkMs = performance.now() - t0
    if (hasErrors(check) || check.rows.length !== 1000)
      throw new Error('the 1,000-row bench file did not pass its check')
    await ws.client.sender.close()

    return {
      ...soak,
      batch_pace_ratio: pace.ratio,
      batch_pace_seconds: pace.seconds,
      batch_pace_429s: pace.rateLimited,
      batch_check_1000_ms: checkMs,
    }
  } finally {
    await sim.close()
    for (const d of dirs) await rm(d, { recursive: true, force: true })
  }
}
