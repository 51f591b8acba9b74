import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Withdrawal } from '../../../shared/api/resources'
import type { WithdrawalQuery } from '../../../shared/api/requests'
import { ApiError } from '../../../electron/core/api/errors'
import { FollowBudget } from '../../../electron/core/payouts/follow-budget'
import { WithdrawalPoller } from '../../../electron/core/payouts/poller'

const NOW = Date.parse('2025-01-01T12:00:00.000Z')

function payout(n: number, over: Partial<Withdrawal> = {}): Withdrawal {
  const at = new Date(NOW).toISOString()
  return {
    id: `7d5e3b8a-1111-4222-8333-${String(n).padStart(12, '0')}`,
    status: 'pending_approval',
    wallet_id: 'w1',
    asset: 'USDC',
    amount: '5',
    destination: '0xabc',
    network: 'ethereum-sepolia',
    tx_hash: null,
    created_at: at,
    updated_at: at,
    ...over,
  }
}

/** A provider holding `rows` (newest first), answering the list a page at a time and the detail by id. */
function provider(
  rows: Withdrawal[],
  detail: (id: string) => Withdrawal | Error = () => new ApiError(404, 'withdrawal_not_found', 'gone'),
) {
  const calls: Array<{ at: number; kind: 'list' | 'detail' }> = []
  const client = {
    priority: 'background' as const,
    withdrawalPage: vi.fn(async (q: WithdrawalQuery) => {
      calls.push({ at: Date.now(), kind: 'list' })
      const mine = rows.filter((w) => q.wallet_id === undefined || w.wallet_id === q.wallet_id)
      const offset = q.offset ?? 0
      const page = mine.slice(offset, offset + (q.limit ?? 25)).map((w) => ({ ...w }))
      return { rows: page, nextOffset: offset + page.length < mine.length ? offset + page.length : null }
    }),
    getWithdrawal: vi.fn(async (id: string) => {
      calls.push({ at: Date.now(), kind: 'detail' })
      const answer = detail(id)
      if (answer instanceof Error) throw answer
      return { withdrawal: answer, stale: false }
    }),
  }
  return { client, calls }
}

describe('withdrawal poller', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }))
  afterEach(() => vi.useRealTimers())

  function poller(client: ReturnType<typeof provider>['client'], options: { perMinute?: number } = {}) {
    const events: Array<{ id: string; status: string; previousStatus: string | null }> = []
    const notes: string[] = []
    const p = new WithdrawalPoller({
      client,
      profileId: 'p1',
      emit: (e) => events.push({ id: e.withdrawal.id, status: e.withdrawal.status, previousStatus: e.previousStatus }),
      notify: (title) => notes.push(title),
      minDelayMs: 1000,
      maxDelayMs: 8000,
      budget: new FollowBudget(options.perMinute ?? 12),
    })
    return { p, events, notes }
  }

  it('announces status changes with the previous status and stops at a terminal one', async () => {
    const row = payout(1)
    const { client } = provider([row])
    const { p, events, notes } = poller(client, { perMinute: 1000 })
    p.track(row)
    for (const status of ['approved', 'processing', 'completed'] as const) {
      await vi.advanceTimersByTimeAsync(5_000)
      row.status = status
    }
    await vi.advanceTimersByTimeAsync(60_000)
    expect(events.map((e) => [e.previousStatus, e.status])).toEqual([
      ['pending_approval', 'approved'],
      ['approved', 'processing'],
      ['processing', 'completed'],
    ])
    expect(notes).toEqual(['Payout approved', 'Payout being sent', 'Payout completed'])
    expect(p.trackedIds()).toEqual([])
    expect(client.getWithdrawal).not.toHaveBeenCalled()
  })

  it('300 payouts waiting for approval cost the follow budget at most, all of them read from the list', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => payout(i))
    const { client, calls } = provider(rows)
    const { p } = poller(client)
    rows.forEach((w) => p.track(w))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls.length).toBeGreaterThanOrEqual(3)
    expect(calls.length).toBeLessThanOrEqual(12)
    expect(calls.every((c) => c.kind === 'list')).toBe(true)
    // Over ten minutes too: never more than the budget in any minute.
    await vi.advanceTimersByTimeAsync(540_000)
    for (const c of calls)
      expect(calls.filter((d) => d.at >= c.at && d.at < c.at + 60_000).length).toBeLessThanOrEqual(12)
    p.stop()
  })

  it('a thousand waiting in one wallet are read page after page from the list, never one by one', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => payout(i))
    const { client, calls } = provider(rows)
    const { p, events } = poller(client)
    rows.forEach((w) => p.track(w))
    rows[999]!.status = 'approved'
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls.length).toBeLessThanOrEqual(12)
    expect(client.getWithdrawal).not.toHaveBeenCalled()
    expect(events).toEqual([{ id: rows[999]!.id, status: 'approved', previousStatus: 'pending_approval' }])
    p.stop()
  })

  it('reads a payout waiting for approval less often the longer it has waited, two minutes apart at most', async () => {
    const old = payout(1, { created_at: new Date(NOW - 3_600_000).toISOString() })
    const { client, calls } = provider([old])
    const { p } = poller(client, { perMinute: 1000 })
    p.track(old)
    await vi.advanceTimersByTimeAsync(30 * 60_000)
    // An hour old: not the eight seconds of one that moves, nor a tenth of its age (six minutes), which would leave its
    // alteration unseen that long: two minutes.
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at)
    expect(gaps.length).toBeGreaterThan(0)
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(120_000)
    expect(Math.max(...gaps)).toBeLessThanOrEqual(121_000)
    p.stop()
  })

  it('backs off while nothing changes and through errors', async () => {
    const row = payout(1, { status: 'processing' })
    const { client, calls } = provider([row])
    client.withdrawalPage.mockImplementationOnce(async () => {
      calls.push({ at: Date.now(), kind: 'list' })
      throw new ApiError(503, 'service_unavailable', 'x')
    })
    const { p } = poller(client, { perMinute: 1000 })
    p.track(row)
    await vi.advanceTimersByTimeAsync(40_000)
    const gaps = calls.map((c, i) => c.at - (i ? calls[i - 1]!.at : NOW))
    expect(gaps.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 8000, 8000])
    p.stop()
  })

  it('reads one by one only the payout the list does not hold, and forgets one the provider no longer knows', async () => {
    const known = payout(2, { status: 'approved' })
    const { client, calls } = provider([payout(1)], (id) =>
      id === known.id ? known : new ApiError(404, 'withdrawal_not_found', 'gone'),
    )
    const { p, events } = poller(client)
    p.track(known.id)
    p.track(payout(9).id)
    await vi.advanceTimersByTimeAsync(0)
    expect(calls.map((c) => c.kind)).toEqual(['list', 'detail', 'detail'])
    expect(events).toEqual([{ id: known.id, status: 'approved', previousStatus: null }])
    expect(p.trackedIds()).toEqual([known.id])
    p.stop()
  })
  it('a payout read stale stays marked stale until the provider refreshes it: a list row never clears the mark', async () => {
    const row = payout(1)
    const { client, calls } = provider([row], () => row)
    let refreshFails = true
    client.getWithdrawal.mockImplementation(async () => {
      calls.push({ at: Date.now(), kind: 'detail' })
      return { withdrawal: { ...row }, stale: refreshFails }
    })
    const marks: boolean[] = []
    const p = new WithdrawalPoller({
      client,
      profileId: 'p1',
      emit: (e) => marks.push(e.stale),
      minDelayMs: 1000,
      maxDelayMs: 8000,
      budget: new FollowBudget(1000),
    })
    p.track(row)
    p.noteRead(row, true)
    await vi.advanceTimersByTimeAsync(30_000)
    // The list says nothing of a live refresh; the payout is read again by id, where the refresh is tried.
    expect(marks).toEqual([true])
    expect(calls.some((c) => c.kind === 'detail')).toBe(true)
    refreshFails = false
    await vi.advanceTimersByTimeAsync(30_000)
    expect(marks).toEqual([true, false])
    p.stop()
  })
})
