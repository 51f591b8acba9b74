import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { DeskStore } from '../../../electron/core/store'

const body = {
  wallet_id: 'w1',
  asset: 'USDC',
  amount: '12.50',
  destination: '0x52908400098527886E0F7030069857D2E4169EE7',
  network: 'ethereum-sepolia',
}

/** SQLite's `synchronous`: 2 (FULL) waits for the disk at every commit, 1 (NORMAL) does not in WAL mode. */
const FULL = 2
const NORMAL = 1

describe('which outbox commits wait for the disk', () => {
  let dir: string
  let store: DeskStore
  let db: DatabaseSync
  const sync = () => Number((db.prepare('PRAGMA synchronous').get() as { synchronous: number }).synchronous)
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-durability-'))
    store = DeskStore.open(dir, 'test')
    db = store.repo((connection) => connection)
  })
  afterEach(async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('records and claims an entry durably before it is sent; only the accepted move may skip the wait', async () => {
    const outbox = Outbox.open(store)
    const seen: Record<string, number> = {}
    const queued = await outbox.add(body, 'alice', new Date(), undefined, {
      state: 'queued',
      alongside: () => (seen.recorded = sync()),
    })
    await outbox.claim(queued.idempotencyKey, ['queued'], () => ((seen.claimed = sync()), { state: 'sending' }))
    await outbox.mark(
      queued.idempotencyKey,
      'accepted',
      { withdrawalId: 'wd-1', alongside: () => (seen.accepted = sync()) },
      { waitForDisk: false },
    )
    const other = await outbox.add(body, 'alice', new Date(), undefined, { state: 'queued' })
    await outbox.mark(other.idempotencyKey, 'discarded', { alongside: () => (seen.discarded = sync()) })
    expect(seen).toEqual({ recorded: FULL, claimed: FULL, accepted: NORMAL, discarded: FULL })
    // The connection waits for the disk again after the relaxed commit.
    expect(sync()).toBe(FULL)
  })
})
