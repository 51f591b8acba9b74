import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuditLog } from '../../../electron/core/audit/audit-log'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { DeskStore } from '../../../electron/core/store'

const body = { wallet_id: 'w1', asset: 'USDC', amount: '1.5', destination: '0xabc', network: 'ethereum-sepolia' }

describe('the statements of a payout row', () => {
  let dir = ''
  afterEach(() => rm(dir, { recursive: true, force: true }))

  // Compiling a statement costs several times what running a short one does; a batch row ran about 40 compiles.
  it('are compiled once per store: a second payout recorded, claimed, answered and audited compiles none', async () => {
    dir = await mkdtemp(join(tmpdir(), 'statements-'))
    const store = DeskStore.open(dir, 'test')
    const outbox = Outbox.open(store)
    const audit = new AuditLog(store, 'app')
    const payout = async () => {
      const { idempotencyKey: key } = await outbox.add(body, 'app', new Date(), randomUUID(), { state: 'queued' })
      await outbox.claim(key, ['queued'], () => ({ state: 'sending' }))
      audit.record({
        at: new Date().toISOString(),
        method: 'POST',
        path: '/api/v1/withdrawals',
        status: 201,
        errorCode: null,
        requestId: 'r1',
        idempotencyKey: key,
      })
      const id = randomUUID()
      const now = new Date().toISOString()
      const withdrawal = {
        id,
        status: 'pending_approval' as const,
        ...body,
        tx_hash: null,
        created_at: now,
        updated_at: now,
      }
      await outbox.mark(key, 'accepted', { withdrawalId: id, alongside: () => store.withdrawals.put(withdrawal) })
      outbox.get(key)
    }
    await payout()
    const compile = vi.spyOn(DatabaseSync.prototype, 'prepare')
    try {
      await payout()
      expect(compile.mock.calls.map(([sql]) => sql.replace(/\s+/g, ' ').slice(0, 80))).toEqual([])
    } finally {
      compile.mockRestore()
      store.close()
    }
  })
})
