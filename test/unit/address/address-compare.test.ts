import { describe, expect, it } from 'vitest'
import { compareChunks } from '../../../shared/address/address-compare'

// The look-alike dialog reads both addresses aloud in groups of 4, each character marked where the other differs.
const marks = (groups: ReturnType<typeof compareChunks>) =>
  groups.map((g) => g.map((c) => (c.differs ? c.char.toUpperCase() : '.')).join('')).join(' ')

describe('compareChunks', () => {
  it('splits into groups of 4 and marks only the characters that differ', () => {
    const groups = compareChunks('0xab12cd34ef', '0xab12cd99ef', false)
    expect(groups.map((g) => g.map((c) => c.char).join(''))).toEqual(['0xab', '12cd', '34ef'])
    expect(marks(groups)).toBe('.... .... 34..')
  })

  it('on a case-insensitive network a change of case is no difference; elsewhere it is', () => {
    expect(marks(compareChunks('0xABcd', '0xabCD', true))).toBe('.... ..')
    expect(marks(compareChunks('bc1Qxy', 'bc1qxy', false))).toBe('...Q ..')
  })

  it('marks every character past the end of a shorter other address', () => {
    expect(marks(compareChunks('TXyz12', 'TXyz', false))).toBe('.... 12')
    expect(compareChunks('', 'abc', false)).toEqual([])
  })

  it('counts characters, not UTF-16 units, so a character outside the BMP is one mark', () => {
    const groups = compareChunks('ab\u{1F600}d', 'abXd', false)
    expect(groups[0]!.map((c) => c.char)).toEqual(['a', 'b', '\u{1F600}', 'd'])
    expect(groups[0]!.map((c) => c.differs)).toEqual([false, false, true, false])
  })
})
