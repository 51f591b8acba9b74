import { mkdtemp, rm } from 'node:fs/promises'
import { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { profileDir } from '../../../electron/core/profiles'
import { BatchRepo, DeskStore, STORE_FILE, WaitNoticeRepo } from '../../../electron/core/store'
import { OutboxRepo } from '../../../electron/core/store/outbox/outbox-repo'
import { WithdrawalCache } from '../../../electron/core/store/payouts/withdrawal-cache'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall } from '../../harness/api-fixture'
import { batchCsv, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { registerProfileKey } from '../../harness/ipc-desk'
import { MemorySecretStore } from '../../harness/memory-secret-store'

/**
 * Rows a store read covers: the rows it returns, and for counts by state the rows counted (a COUNT reads every row it
 * counts). Marks and sequence numbers (plain numbers) are not rows.
 */
function rowsIn(result: unknown): number {
  if (result === null || result === undefined || typeof result !== 'object') return 0
  if (Array.isArray(result)) return result.length
  if (result instanceof Map || result instanceof Set) return result.size
  if ('entries' in result && Array.isArray(result.entries)) return result.entries.length
  const values = Object.values(result)
  if (values.length > 0 && values.every((v) => typeof v === 'number')) return values.reduce((a, b) => a + b, 0)
  return 1
}

/**
 * Counts the rows every read of the outbox, batch, payout cache and notice repositories covers while `on`: all of them,
 * and apart those read by the listeners of outbox changes (each row's claim and outcome is one change), which run once
 * per change whatever the time a row takes; the follower's rounds and the heartbeats come with time instead.
 */
function countStoreReads() {
  const counter = { on: false, rows: 0, onChange: 0, inListener: 0 }
  const restore: Array<() => void> = []
  const onOutboxChange = DeskStore.prototype.onOutboxChange
  DeskStore.prototype.onOutboxChange = function (this: DeskStore, listener: () => void) {
    return onOutboxChange.call(this, () => {
      counter.inListener++
      try {
        listener()
      } finally {
        counter.inListener--
      }
    })
  }
  restore.push(() => (DeskStore.prototype.onOutboxChange = onOutboxChange))
  for (const proto of [
    OutboxRepo.prototype,
    BatchRepo.prototype,
    WithdrawalCache.prototype,
    WaitNoticeRepo.prototype,
  ]) {
    const methods = proto as unknown as Record<string, unknown>
    for (const name of Object.getOwnPropertyNames(proto)) {
      const original = methods[name]
      if (name === 'constructor' || typeof original !== 'function') continue
      methods[name] = function (this: unknown, ...args: unknown[]) {
        const result = (original as (...a: unknown[]) => unknown).apply(this, args)
        if (!counter.on) return result
        counter.rows += rowsIn(result)
        if (counter.inListener > 0) counter.onChange += rowsIn(result)
        return result
      }
      restore.push(() => (methods[name] = original))
    }
  }
  return { counter, restore: () => restore.forEach((r) => r()) }
}

describe('the desk reads a bounded number of rows per batch row, whatever the size of the batch', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: BatchWorkspace
  let dir: string
  let desk: Desk
  let file: string
  const counting = countStoreReads()

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
    ws = await setupBatchWorkspace(sim.sandbox.url)
    dir = await mkdtemp(join(tmpdir(), 'batch-work-'))
    desk = await createDesk({
      dataDir: dir,
      shell: 'test',
      version: '0.0.0',
      secretStore: new MemorySecretStore(),
      pacing: { limit: 1_000_000 },
    })
    const profile = await desk.router.call('profiles.create', {
      name: 'Work',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
    await registerProfileKey(desk, sim.sandbox.url, ws.workspaceId, profile.id)
    await desk.router.call('profiles.select', { profileId: profile.id })
    file = join(profileDir(dir, profile.id), STORE_FILE)
  })
  afterAll(async () => {
    counting.restore()
    await desk?.dispose()
    await ws?.client.sender.close()
    await sim?.close()
    await rm(dir, { recursive: true, force: true })
  })

  /** Sends a batch of `rows` through the app's session; the rows the store reads meanwhile, per row sent. */
  async function readsPerRow(rows: number): Promise<{ all: number; onChange: number }> {
    const lines = Array.from({ length: rows }, (_, i) => ({
      destination: ws.destinations[i % 3]!.label,
      amount: `0.${String(i + 1).padStart(5, '0')}`,
      wallet: ws.walletId,
    }))
    const { batch } = await desk.router.call('batch.submit', {
      source: `rows-${rows}.csv`,
      base64: Buffer.from(batchCsv(lines), 'utf8').toString('base64'),
      confirmDuplicates: false,
      retypedTotal: null,
      confirmFirstPayouts: true,
    })
    counting.counter.rows = 0
    counting.counter.onChange = 0
    counting.counter.on = true
    // Watched through a connection of the test's own, so waiting reads nothing the count sees.
    const watch = new DatabaseSync(file, { readOnly: true })
    try {
      await vi.waitFor(
        () => {
          const { n } = watch
            .prepare("SELECT COUNT(*) AS n FROM outbox WHERE batch_id = ? AND state = 'accepted'")
            .get(batch.id) as { n: number }
          expect(n).toBe(rows)
        },
        { timeout: 120_000, interval: 50 },
      )
    } finally {
      counting.counter.on = false
      watch.close()
    }
    return { all: counting.counter.rows / rows, onChange: counting.counter.onChange / rows }
  }

  it('reads no more rows per row sent in a batch of 150 after one of 30 than in the batch of 30', async () => {
    const small = await readsPerRow(30)
    const large = await readsPerRow(150)
    // What each outbox change asks reads only what changed: the same few rows per row in either batch.
    expect(large.onChange).toBeLessThanOrEqual(small.onChange + 2)
    expect(large.onChange).toBeLessThan(10)
    // Each row is read a few times as it moves (claimed, accepted); the follower's rounds and the heartbeats add a
    // share that depends on how long the batch takes, never a read of every other row for each one.
    expect(large.all).toBeLessThan(60)
  }, 180_000)
})
