import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnSimulator } from '../harness/simulator-process'
import { runMultiProcessSoak } from '../harness/soak-mp'

/** The fault soak from two payout processes at once on one store, with kill -9 and restarts. */
export default async function multiProcessSoakBench(): Promise<Record<string, number>> {
  const sim = await spawnSimulator()
  const dir = await mkdtemp(join(tmpdir(), 'soak-mp-bench-'))
  try {
    const started = performance.now()
    const r = await runMultiProcessSoak({
      baseUrl: sim.sandboxUrl,
      dir,
      workers: 2,
      payoutsPerWorker: 380,
      ownPayouts: 0,
      killsPerWorker: 3,
      killWithinMs: 20,
      faultRate: 0.5,
      seed: 2026,
    })
    return {
      soak_mp_processes: 2,
      soak_mp_attempts: r.attempts,
      soak_mp_duplicates: r.duplicates,
      soak_mp_lost: r.lost,
      soak_mp_reused_signatures: r.reusedSignatures,
      soak_mp_live_marked_unknown: r.liveMarkedUnknown,
      soak_mp_entries: r.entries,
      soak_mp_kills: r.kills,
      soak_mp_faults: r.faults,
      soak_mp_seconds: (performance.now() - started) / 1000,
      // An entry left unresolved is reported by the state it was left in.
      ...Object.fromEntries(Object.entries(r.unresolved).map(([state, n]) => [`soak_mp_unresolved_${state}`, n])),
    }
  } finally {
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  }
}
