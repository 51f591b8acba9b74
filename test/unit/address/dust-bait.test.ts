import { describe, expect, it } from 'vitest'
import {
  DEFAULT_DUST_THRESHOLDS,
  dustThreshold,
  DustThresholdsSchema,
  isDust,
  isSuspectedBait,
} from '../../../shared/address/dust-bait'

const REAL = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
/** Same first and last 4 after 0x, another address. */
const LOOKALIKE = '0x5aaeb6053f3e94c9b9a02f33669435e7ef1beaed'
const UNRELATED = '0x1111111111111111111111111111111111111111'
/** The supplier, paid from the book. */
const known = [{ address: REAL.toLowerCase(), source: 'destination', seenAt: '2026-01-01T00:00:00Z' }]
const leg = (
  amount: string,
  from: string,
  over: Partial<{ direction: 'in' | 'out' | 'internal'; network: string | null; at: string }> = {},
) => ({
  direction: 'in' as const,
  network: 'ethereum',
  amount,
  from,
  at: '2026-03-01T00:00:00Z',
  ...over,
})

describe('dust and zero-value bait', () => {
  it('is dust at zero and below the threshold, not at or above it', () => {
    expect([isDust('0', '1'), isDust('0.0', '1'), isDust('0.999999', '1'), isDust('0.0004999', '0.0005')]).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect([isDust('1', '1'), isDust('1.000001', '1'), isDust('0.0005', '0.0005')]).toEqual([false, false, false])
    // A threshold of zero leaves only zero-value movements.
    expect([isDust('0', '0'), isDust('0.000001', '0')]).toEqual([true, false])
  })

  it('flags incoming dust from a look-alike of a known address: zero, below, not at the threshold', () => {
    expect(isSuspectedBait(leg('0', LOOKALIKE), '1', known)).toBe(true)
    expect(isSuspectedBait(leg('0.5', LOOKALIKE), '1', known)).toBe(true)
    expect(isSuspectedBait(leg('1', LOOKALIKE), '1', known)).toBe(false)
    expect(isSuspectedBait(leg('250', LOOKALIKE), '1', known)).toBe(false)
  })

  it('does not flag the known address itself (any spelling), an unrelated sender, or an outgoing or internal leg', () => {
    expect(isSuspectedBait(leg('0', REAL), '1', known)).toBe(false)
    expect(isSuspectedBait(leg('0', REAL.toLowerCase()), '1', known)).toBe(false)
    expect(isSuspectedBait(leg('0', UNRELATED), '1', known)).toBe(false)
    expect(isSuspectedBait(leg('0', LOOKALIKE, { direction: 'out' }), '1', known)).toBe(false)
    expect(isSuspectedBait(leg('0', LOOKALIKE, { direction: 'internal' }), '1', known)).toBe(false)
  })

  it("of two addresses only seen in the history, the later one is the imitation: the original's own dust is not flagged", () => {
    const history = [
      { address: REAL.toLowerCase(), source: 'ledger', seenAt: '2026-01-01T00:00:00Z' },
      { address: LOOKALIKE, source: 'ledger', seenAt: '2026-02-01T00:00:00Z' },
    ]
    expect(isSuspectedBait(leg('0', LOOKALIKE), '1', history)).toBe(true)
    expect(isSuspectedBait(leg('0', REAL), '1', history)).toBe(false)
    // A trusted sender is never bait, whatever came first.
    expect(isSuspectedBait(leg('0', REAL), '1', [...history, ...known])).toBe(false)
  })

  it('never matches across networks: a Bitcoin sender against EVM entries, or a leg of no known network', () => {
    expect(
      isSuspectedBait(leg('0', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', { network: 'bitcoin' }), '0.00001', known),
    ).toBe(false)
    expect(isSuspectedBait(leg('0', LOOKALIKE, { network: null }), '1', known)).toBe(false)
  })

  it('takes the profile threshold over the default, and only zero for an asset it does not know', () => {
    expect(dustThreshold({}, 'USDC')).toBe(DEFAULT_DUST_THRESHOLDS.USDC)
    expect(dustThreshold({ USDC: '5' }, 'USDC')).toBe('5')
    expect(dustThreshold({}, 'XYZ')).toBe('0')
    expect(dustThreshold({}, 'constructor')).toBe('0')
    expect(DustThresholdsSchema.safeParse({ usdc: '1' }).success).toBe(false)
    expect(DustThresholdsSchema.safeParse({ USDC: '-1' }).success).toBe(false)
    expect(DustThresholdsSchema.safeParse({ USDC: '1e3' }).success).toBe(false)
  })
})
