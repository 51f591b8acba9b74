import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator } from '../../../electron/simulator'
import { runSoak } from '../../harness/soak'

describe('payout fault soak (100 requests)', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let dir: string
  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    dir = await mkdtemp(join(tmpdir(), 'soak-'))
  })
  afterAll(async () => {
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('ends with one withdrawal per accepted entry, none lost, no signature sent twice', async () => {
    const result = await runSoak({
      baseUrl: sim.sandbox.url,
      dir,
      payouts: 100,
      faultRate: 0.6,
      killRate: 0.06,
      seed: 7,
    })
    expect(result).toMatchObject({ soak_duplicates: 0, soak_lost: 0, soak_reused_signatures: 0, soak_accepted: 100 })
    expect(result.soak_kills).toBeGreaterThan(0)
    expect(result.soak_faults).toBeGreaterThan(30)
    expect(result.soak_attempts).toBeGreaterThan(100)
  }, 120_000)
})
