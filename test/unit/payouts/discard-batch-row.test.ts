import { describe, expect, it, vi } from 'vitest'
import { discard } from '../../../electron/core/payouts/use-cases'
import type { PayoutRequests } from '../../../electron/core/payouts/payout-requests'

/** A session whose outbox holds one entry; `discard` of the requests records whether it was asked. */
function sessionWith(entry: { state: string; batchId: string | null }) {
  const drop = vi.fn()
  const payouts = { outbox: { get: () => entry }, discard: drop } as unknown as PayoutRequests
  return { session: { payouts }, drop }
}

describe('discarding a waiting payout', () => {
  it('refuses a waiting row of a batch on every surface: the batch is cancelled instead', async () => {
    const { session, drop } = sessionWith({ state: 'queued', batchId: 'batch-1' })
    await expect(discard(session, 'k')).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('batch batch-1'),
    })
    expect(drop).not.toHaveBeenCalled()
  })
})
