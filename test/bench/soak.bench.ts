import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator } from '../../electron/simulator'
import { runSoak } from '../harness/soak'

/** The full fault soak: 1,000 payout requests with random faults and process kills. */
export default async function soakBench(): Promise<Record<string, number>> {
  const sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  const dir = await mkdtemp(join(tmpdir(), 'soak-bench-'))
  try {
    const r = await runSoak({
      baseUrl: sim.sandbox.url,
      dir,
      payouts: 1000,
      faultRate: 0.5,
      killRate: 0.03,
      seed: 2026,
    })
    return { ...r }
  } finally {
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  }
}
