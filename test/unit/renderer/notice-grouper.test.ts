import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NoticeGrouper } from '../../../renderer/src/shell/notice-grouper'

describe('payout notices grouped by status', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('tells a lone payout alone once the window passes, and many reaching one status together as one', () => {
    const told: Array<[string, string[]]> = []
    const grouper = new NoticeGrouper<string>((status, items) => told.push([status, [...items]]), 800)
    grouper.add('approved', 'a')
    vi.advanceTimersByTime(799)
    expect(told).toEqual([])
    vi.advanceTimersByTime(1)
    expect(told).toEqual([['approved', ['a']]])

    for (const id of ['b', 'c', 'd']) grouper.add('approved', id)
    grouper.add('rejected', 'e')
    vi.advanceTimersByTime(800)
    expect(told.slice(1)).toEqual([
      ['approved', ['b', 'c', 'd']],
      ['rejected', ['e']],
    ])
  })

  it('tells nothing left pending after dispose', () => {
    const tell = vi.fn()
    const grouper = new NoticeGrouper<string>(tell, 800)
    grouper.add('completed', 'a')
    grouper.dispose()
    vi.advanceTimersByTime(5_000)
    expect(tell).not.toHaveBeenCalled()
  })
})
