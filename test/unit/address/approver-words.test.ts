import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { describe, expect, it } from 'vitest'
import { approverWords } from '../../../shared/address/approver-words'

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

describe('approver words', () => {
  it('follow the documented derivation: 11-bit slices of SHA-256("network:address") into the BIP-39 English list', () => {
    const hex = bytesToHex(sha256(utf8ToBytes(`ethereum:${EVM.toLowerCase()}`)))
    // Independently: the hash as a bit string, cut in 11-bit pieces.
    const bits = BigInt(`0x${hex}`).toString(2).padStart(256, '0')
    const expected = [0, 1, 2, 3].map((i) => wordlist[parseInt(bits.slice(11 * i, 11 * i + 11), 2)])
    expect(approverWords('ethereum', EVM)).toEqual(expected)
  })

  it('are four words of the list, the same for every spelling of one address', () => {
    const words = approverWords('ethereum', EVM)
    expect(words).toHaveLength(4)
    for (const w of words) expect(wordlist).toContain(w)
    expect(approverWords('ethereum', EVM.toLowerCase())).toEqual(words)
    expect(approverWords('bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toEqual(
      approverWords('bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'),
    )
  })

  it('differ for another network or a look-alike address', () => {
    const words = approverWords('ethereum', EVM)
    expect(approverWords('polygon', EVM)).not.toEqual(words)
    expect(approverWords('ethereum', '0x5aaeb6053f3e94c9b9a02f33669435e7ef1beaed')).not.toEqual(words)
  })

  it('are fixed: a known address keeps its words across releases', () => {
    expect(approverWords('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toMatchInlineSnapshot(`
      [
        "minute",
        "pretty",
        "hand",
        "phrase",
      ]
    `)
  })
})
