import { describe, expect, it } from 'vitest'
import type { Withdrawal } from '../../../shared/api/resources'
import { ageText } from '../../../renderer/src/format/age'
import { waitingOnConsole } from '../../../renderer/src/shell/approval-reminders'

const NOW = Date.parse('2026-11-23T12:00:00.000Z')
const MIN = 60_000
const payout = (id: string, status: string, agoMs: number) =>
  ({ id, status, created_at: new Date(NOW - agoMs).toISOString() }) as Withdrawal

describe('waiting on the console', () => {
  it('lists only payouts pending approval, the longest waiting first', () => {
    const rows = [
      payout('b', 'pending_approval', 5 * MIN),
      payout('x', 'received', 60 * MIN),
      payout('a', 'pending_approval', 50 * MIN),
    ]
    expect(waitingOnConsole(rows).map((w) => w.id)).toEqual(['a', 'b'])
  })

  it('says an age in its two largest units', () => {
    expect([ageText(45_000), ageText(12 * MIN), ageText(185 * MIN), ageText(52 * 60 * MIN), ageText(-5)]).toEqual([
      '45 s',
      '12 min',
      '3 h 5 min',
      '2 d 4 h',
      '0 s',
    ])
  })
})
