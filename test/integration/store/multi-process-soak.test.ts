import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator } from '../../../electron/simulator'
import { runMultiProcessSoak } from '../../harness/soak-mp'

describe('payouts from several processes at once on one store, with kill -9 and restarts', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let dir: string
  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    dir = await mkdtemp(join(tmpdir(), 'mp-soak-'))
  })
  afterAll(async () => {
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('ends with every entry resolved, one withdrawal per accepted key, none lost, no signature reused, no live sender interrupted', async () => {
    const r = await runMultiProcessSoak({
      baseUrl: sim.sandbox.url,
      dir,
      workers: 3,
      payoutsPerWorker: 30,
      ownPayouts: 30,
      killsPerWorker: 2,
      killWithinMs: 20,
      faultRate: 0.4,
      seed: 11,
    })
    expect(r).toMatchObject({
      entries: expect.any(Number),
      duplicates: 0,
      lost: 0,
      reusedSignatures: 0,
      liveMarkedUnknown: 0,
    })
    expect(r.unresolved).toEqual({ queued: 0, held: 0, sending: 0, unknown: 0, refused: 0, discarded: 0 })
    // Every worker finished its 30 across restarts; a kill may leave one more recorded-but-unanswered entry, resolved
    // here.
    expect(r.entries).toBeGreaterThanOrEqual(4 * 30)
    expect(r.kills).toBeGreaterThan(0)
    expect(r.faults).toBeGreaterThan(10)
    expect(r.attempts).toBeGreaterThan(r.entries)
  }, 180_000)
})
