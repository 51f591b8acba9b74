import { describe, expect, it } from 'vitest'
import { slowReadNote } from '../../../renderer/src/components/slow-read'

describe('a read that is slow says why', () => {
  it('says nothing more than "Loading" for the first seconds', () => {
    expect(slowReadNote('wallets', 1_000, { remaining: 0, limit: 120 })).toBeNull()
  })

  it('names the spent request budget as the reason, and that the read is still coming', () => {
    const note = slowReadNote('wallets', 65_000, { remaining: 0, limit: 120 })
    expect(note).toContain('Still waiting to read wallets (65 s)')
    expect(note).toContain('all 120 requests of this minute are spent')
  })

  it('tells how long it has waited when the budget is not the reason', () => {
    expect(slowReadNote('wallets', 9_500, { remaining: 40, limit: 120 })).toBe(
      'Still loading wallets (9 s): the provider has not answered yet.',
    )
  })
})
