import { describe, expect, it } from 'vitest'
import { shownLine } from '../../../shared/text/visible-text'
import { BURST_MS, payoutNotice } from '../../../renderer/src/shell/payout-burst'
import type { Notice } from '../../../renderer/src/stores/notices'

const line = (n: number) => ({ text: shownLine`Payout of ${n} USDC to Acme`, detailId: `p${n}` })

/** The notice list after each group is told, as the store keeps it (a notice of the same id replaces the old one). */
function tell(groups: number[][], gapMs: number): Notice[] {
  let shown: Notice[] = []
  groups.forEach((g, i) => {
    const notice = payoutNotice('completed', 'completed', g.map(line), shown, 1_000 + i * gapMs)
    shown = [...shown.filter((n) => n.id !== notice.id), notice]
  })
  return shown
}

describe('payout notices of one burst', () => {
  it('sum six completions read one by one into one notice, each payout in its details', () => {
    const shown = tell([[1], [2], [3], [4], [5], [6]], 2_000)
    expect(shown).toHaveLength(1)
    expect(shown[0]!.text).toBe('6 payouts completed.')
    expect(shown[0]!.detailId).toBeNull()
    expect(shown[0]!.details!.map((d) => d.detailId)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6'])
  })

  it('tell a lone payout alone, opening its detail', () => {
    const [only] = tell([[7]], 0)
    expect(only!.text).toBe('Payout of 7 USDC to Acme completed.')
    expect(only!.detailId).toBe('p7')
  })

  it('count a payout told twice once, and start a new notice after a quiet spell', () => {
    expect(
      tell(
        [
          [1, 2],
          [2, 3],
        ],
        1_000,
      )[0]!.text,
    ).toBe('3 payouts completed.')
    expect(tell([[1], [2]], BURST_MS)).toHaveLength(2)
  })

  it('tell each ending in its own tone: failed, rejected and expired are bad, never the good green', () => {
    const tone = (status: string) => payoutNotice(status, status, [line(1)], [], 0).tone
    expect(['failed', 'rejected', 'expired'].map(tone)).toEqual(['bad', 'bad', 'bad'])
    expect(tone('completed')).toBe('good')
    expect(tone('approved')).toBe('info')
  })
})
