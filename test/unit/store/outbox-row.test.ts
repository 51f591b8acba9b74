import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { DeskStore, STORE_FILE } from '../../../electron/core/store'
import { StoredOutboxErrorSchema } from '../../../electron/core/store/outbox/outbox-row'

// A screen gains a field the stored rows never had: the IPC view now requires it.
vi.mock('../../../shared/ipc/channels/payouts', async (original) => {
  const real = await original<typeof import('../../../shared/ipc/channels/payouts')>()
  return { ...real, OutboxEntryViewSchema: real.OutboxEntryViewSchema.extend({ destinationLabel: z.string() }) }
})

const body = {
  wallet_id: 'w1',
  asset: 'USDC',
  amount: '12.50',
  destination: '0x52908400098527886E0F7030069857D2E4169EE7',
  network: 'ethereum-sepolia',
}

describe('an outbox row in the store', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-row-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('written before the view gained a field, still reads (it is not reported damaged, so it is still followed and sent)', () => {
    const store = DeskStore.open(dir, 'test')
    try {
      // The row exactly as the code before the view's new field wrote it.
      const db = new DatabaseSync(join(dir, STORE_FILE))
      db.prepare(
        "INSERT INTO outbox (key, seq, body, created_at, requested_by, state, sender, updated_at, not_before, reference, batch_id) VALUES ('k-1', 1, ?, '2026-01-02T03:04:05.000Z', 'cli (ann)', 'queued', NULL, '2026-01-02T03:04:05.000Z', NULL, 'inv-7', NULL)",
      ).run(JSON.stringify(body))
      db.close()
      expect(store.outbox.get('k-1')).toMatchObject({
        idempotencyKey: 'k-1',
        state: 'queued',
        body,
        reference: 'inv-7',
      })
      expect(store.outbox.list().corrupt).toEqual([])
    } finally {
      store.close()
    }
  })
})

describe('an outbox row error', () => {
  it('takes a code of the ErrorCode table as it is', () => {
    expect(StoredOutboxErrorSchema.parse({ code: 'not_recorded', message: 'No record.', requestId: 'r-1' })).toEqual({
      code: 'not_recorded',
      message: 'No record.',
      requestId: 'r-1',
    })
  })

  it('reads an old row holding a provider code outside the table as invalid_response, the code kept (capped) in the message', () => {
    const said = 'x'.repeat(500)
    const parsed = StoredOutboxErrorSchema.parse({ code: said, message: 'Refused.' })
    expect(parsed.code).toBe('invalid_response')
    expect(parsed.message).toBe(
      `Refused. (provider code "${'x'.repeat(64)}"… (500 characters), not in the API contract)`,
    )
  })

  it('refuses a row whose code is not text at all', () => {
    expect(StoredOutboxErrorSchema.safeParse({ code: 7, message: 'Refused.' }).success).toBe(false)
  })
})
