import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator } from '../../../electron/simulator'
import { EXPECTED_REFUSED, runBatchSoak } from '../../harness/batch-soak'

describe('a 500-row batch under faults and three kills of the sending process', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let dir: string
  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    dir = await mkdtemp(join(tmpdir(), 'batch-soak-'))
  })
  afterAll(async () => {
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('pays every row exactly once, loses none, never reuses a signature, and leaves refused rows refused with their reason', async () => {
    const r = await runBatchSoak(sim.sandbox.url, dir, 500)
    expect(r).toMatchObject({
      batch_rows: 500,
      batch_duplicates: 0,
      batch_lost: 0,
      batch_kills: 3,
      batch_reused_signatures: 0,
      batch_refused: EXPECTED_REFUSED,
      batch_refused_wrong: 0,
      batch_accepted: 500 - EXPECTED_REFUSED,
    })
    expect(r.batch_faults).toBeGreaterThanOrEqual(16)
  }, 240_000)
})
