import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDesk } from '../../electron/core/desk'
import { consoleCall } from '../harness/api-fixture'
import { batchCsv, setupBatchWorkspace } from '../harness/batch-fixture'
import { registerProfileKey } from '../harness/ipc-desk'
import { MemorySecretStore } from '../harness/memory-secret-store'
import { spawnSimulator } from '../harness/simulator-process'

/**
 * A batch of `rows` rows sent through the app's own session (the desk router, its outbox listeners, the status
 * follower), from submit to the last row accepted, against a simulator that does not limit the rate: the time in ms is
 * the desk's own work per row, and grows faster than the rows if any listener re-reads the whole outbox on each change.
 */
export async function batchSessionRun(rows: number): Promise<number> {
  const sim = await spawnSimulator()
  const dir = await mkdtemp(join(tmpdir(), 'batch-session-'))
  try {
    const url = sim.sandboxUrl
    await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
    const ws = await setupBatchWorkspace(url)
    await ws.client.sender.close()
    const desk = await createDesk({
      dataDir: dir,
      shell: 'test',
      version: '0.0.0',
      secretStore: new MemorySecretStore(),
      pacing: { limit: 1_000_000 },
    })
    try {
      const profile = await desk.router.call('profiles.create', {
        name: 'Bench',
        environment: 'sandbox',
        baseUrl: url,
        algorithm: 'ed25519',
      })
      await registerProfileKey(desk, url, ws.workspaceId, profile.id)
      await desk.router.call('profiles.select', { profileId: profile.id })
      const lines = Array.from({ length: rows }, (_, i) => ({
        destination: ws.destinations[i % 3]!.label,
        amount: `0.${String(i + 1).padStart(5, '0')}`,
        wallet: ws.walletId,
      }))
      const base64 = Buffer.from(batchCsv(lines), 'utf8').toString('base64')
      const t0 = performance.now()
      const { batch } = await desk.router.call('batch.submit', {
        source: 'bench.csv',
        base64,
        confirmDuplicates: false,
        retypedTotal: null,
        confirmFirstPayouts: true,
      })
      // Progress as the Batches list reads it (counts by state): reading every row four times a second is the
      // bench's own work, not the desk's.
      for (;;) {
        const listed = await desk.router.call('batch.list', {})
        const progress = listed.find((b) => b.batch.id === batch.id)!.progress
        if (progress.finished) {
          if (progress.accepted !== rows)
            throw new Error(`the bench batch accepted ${progress.accepted} of ${rows} rows`)
          break
        }
        await new Promise((r) => setTimeout(r, 250))
      }
      return Math.round(performance.now() - t0)
    } finally {
      await desk.dispose()
    }
  } finally {
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  }
}
