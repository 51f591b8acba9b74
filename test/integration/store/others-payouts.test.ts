import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventPayload } from '../../../shared/ipc/events'
import { EventBus } from '../../../electron/core/event-bus'
import { profileDir } from '../../../electron/core/profiles/profile-dir'
import { ProfileSession } from '../../../electron/core/session/session'
import { createEd25519Signer } from '../../../electron/core/signing'
import { startSimulator } from '../../../electron/simulator'
import { requestLog } from '../../harness/api-fixture'
import { batchCsv, recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import type { BatchChildJob } from '../../harness/batch-child'
import { readerProfile } from '../../harness/readers'
import { tsChild } from '../../harness/ts-child'

const CHILD = join(import.meta.dirname, '../../harness/batch-child.ts')

describe("the app's session announces payouts another process wrote to the store", () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: BatchWorkspace
  let dataDir: string

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupBatchWorkspace(sim.sandbox.url)
    dataDir = await mkdtemp(join(tmpdir(), 'others-payouts-'))
  })
  afterAll(async () => {
    await ws.client.sender.close()
    await sim.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('a batch run by another process (as the CLI runs it): each accepted row goes out as withdrawal.updated within 2 s, without a provider read', async () => {
    const profile = readerProfile(sim.sandbox.url, ws.key.keyId)
    const events = new EventBus()
    const seen = new Map<string, number>()
    events.subscribe((event, payload) => {
      if (event === 'withdrawal.updated')
        seen.set((payload as EventPayload<'withdrawal.updated'>).withdrawal.id, Date.now())
    })
    const session = await ProfileSession.open(profile, {
      dataDir,
      role: 'app',
      events,
      openSigner: async () => createEd25519Signer(ws.key.keyId, ws.key.secret),
    })
    // The app's services; the batch follower's page reads (5 s at first) come too late for the 2 s bound.
    session.start({ followPayouts: true })
    try {
      const csvFile = join(dataDir, 'three.csv')
      await writeFile(
        csvFile,
        batchCsv(
          ws.destinations.map((d, i) => ({ destination: d.label, amount: `0.0${i + 1}`, wallet: 'Test wallet' })),
        ),
      )
      const job: BatchChildJob = {
        baseUrl: sim.sandbox.url,
        keyId: ws.key.keyId,
        secretHex: Buffer.from(ws.key.secret).toString('hex'),
        storeDir: profileDir(dataDir, profile.id),
        csvFile,
        killAfterPosts: 1_000,
      }
      const child = spawn(process.execPath, [...tsChild(CHILD), JSON.stringify(job)], {
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      // The child says it finished the batch (it exits 3 then): every row's outcome is in the store.
      await new Promise<void>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => chunk.toString('utf8').includes('finished the batch') && resolve())
        child.once('exit', (code) =>
          code === 3 ? resolve() : reject(new Error(`the batch process ended with ${code}`)),
        )
      })
      const finished = Date.now()
      const ids = (await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).map((w) => w.id)
      expect(ids).toHaveLength(3)
      await expect.poll(() => ids.filter((id) => seen.has(id)).length, { timeout: 2_000, interval: 50 }).toBe(3)
      for (const id of ids) expect(seen.get(id)! - finished).toBeLessThan(2_000)
      // They came from the store: nobody read a withdrawal from the provider.
      const reads = (await requestLog(sim.sandbox.url)).filter(
        (r) => r.method === 'GET' && r.path.startsWith('/api/v1/withdrawals'),
      )
      expect(reads).toEqual([])
    } finally {
      await session.close()
    }
  })
})
