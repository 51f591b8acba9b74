import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../electron/simulator'
import { setupWorkspace, type Workspace } from './api-fixture'
import { unmountSmallDisks } from './small-disk'

export interface ScratchSimulator {
  /** A scratch folder, removed after the file's tests. */
  base: string
  sim: RunningSimulator
  ws: Workspace
}

/**
 * For a test file that breaks disks and files under stores: a simulator with one workspace and a scratch folder, set up
 * before its tests and taken down after them, small disks included. Read the fields inside tests, not at load time.
 */
export function useScratchSimulator(prefix: string): ScratchSimulator {
  const rig = {} as ScratchSimulator
  beforeAll(async () => {
    rig.base = await mkdtemp(join(tmpdir(), prefix))
    rig.sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    rig.ws = await setupWorkspace(rig.sim.sandbox.url)
  })
  afterAll(async () => {
    unmountSmallDisks()
    await rig.ws.client.sender.close()
    await rig.sim.close()
    await rm(rig.base, { recursive: true, force: true })
  })
  return rig
}
