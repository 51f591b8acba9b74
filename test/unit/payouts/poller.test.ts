import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Withdrawal } from '../../../shared/api/resources'
import { ApiError } from '../../../electron/core/api/errors'
import { WithdrawalPoller } from '../../../electron/core/payouts/poller'

const base: Withdrawal = {
  id: '7d5e3b8a-1111-4222-8333-944445555666',
  status: 'pending_approval',
  wallet_id: 'w1',
  asset: 'USDC',
  amount: '5',
  destination: '0xabc',
  network: 'ethereum-sepolia',
  tx_hash: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
}

describe('withdrawal poller', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function setup(answers: Array<{ status: Withdrawal['status']; stale?: boolean } | Error>) {
    const calls: number[] = []
    const getWithdrawal = vi.fn(async () => {
      calls.push(Date.now())
      const next = answers.length > 1 ? answers.shift()! : answers[0]!
      if (next instanceof Error) throw next
      return { withdrawal: { ...base, status: next.status }, stale: next.stale ?? false }
    })
    const events: Array<{ status: string; previousStatus: string | null; stale: boolean }> = []
    const notes: string[] = []
    const poller = new WithdrawalPoller({
      client: { getWithdrawal },
      profileId: 'p1',
      emit: (e) => events.push({ status: e.withdrawal.status, previousStatus: e.previousStatus, stale: e.stale }),
      notify: (title) => notes.push(title),
      minDelayMs: 1000,
      maxDelayMs: 8000,
    })
    return { poller, calls, events, notes, getWithdrawal }
  }

  it('announces status changes with the previous status and stops at a terminal one', async () => {
    const { poller, events, notes, getWithdrawal } = setup([{ status: 'pending_approval' }, { status: 'approved' }, { status: 'processing', stale: true }, { status: 'completed' }])
    poller.track(base)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(events).toEqual([
      { status: 'approved', previousStatus: 'pending_approval', stale: false },
      { status: 'processing', previousStatus: 'approved', stale: true },
      { status: 'completed', previousStatus: 'processing', stale: false },
    ])
    expect(notes).toEqual(['Payout approved', 'Payout being sent', 'Payout completed'])
    expect(poller.trackedIds()).toEqual([])
    expect(getWithdrawal).toHaveBeenCalledTimes(4)
  })

  it('backs off from seconds up to the ceiling while nothing changes, and through errors', async () => {
    const { poller, calls } = setup([{ status: 'pending_approval' }, new ApiError(503, 'service_unavailable', 'x'), { status: 'pending_approval' }])
    const t0 = Date.now()
    poller.track(base)
    await vi.advanceTimersByTimeAsync(40_000)
    const gaps = calls.map((c, i) => c - (i ? calls[i - 1]! : t0))
    expect(gaps.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 8000, 8000])
    poller.stop()
  })

  it('reads an id it only knows by name at once and never polls terminal rows', async () => {
    const { poller, events, getWithdrawal } = setup([{ status: 'cancelled' }])
    poller.track({ ...base, status: 'completed' })
    poller.track(base.id)
    await vi.advanceTimersByTimeAsync(0)
    expect(events).toEqual([{ status: 'cancelled', previousStatus: null, stale: false }])
    await vi.advanceTimersByTimeAsync(30_000)
    expect(getWithdrawal).toHaveBeenCalledTimes(1)
  })

  it('forgets a payout the provider no longer knows', async () => {
    const { poller } = setup([new ApiError(404, 'withdrawal_not_found', 'gone')])
    poller.track(base)
    await vi.advanceTimersByTimeAsync(2000)
    expect(poller.trackedIds()).toEqual([])
  })
})
