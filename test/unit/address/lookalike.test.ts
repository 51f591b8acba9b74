import { describe, expect, it } from 'vitest'
import { isValidAddress } from '../../../shared/api/address'
import { NETWORKS } from '../../../shared/api/networks'
import {
  canonicalAddress,
  isLookalike,
  lookalikeKey,
  sameAddress,
  significantPart,
} from '../../../shared/address/lookalike'

/** Published addresses of every format (EIP-55, BIP-173, BIP-86 examples, well-known Tron and Solana accounts). */
const REAL: Array<{ network: string; address: string; significant: string }> = [
  {
    network: 'ethereum',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    significant: '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
  },
  {
    network: 'polygon-amoy',
    address: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359',
    significant: 'fb6916095ca1df60bb79ce92ce3ea74c37c5d359',
  },
  {
    network: 'bitcoin',
    address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    significant: 'w508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  },
  {
    network: 'bitcoin',
    address: 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    significant: 'w508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  },
  {
    network: 'bitcoin-testnet',
    address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    significant: 'w508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
  },
  {
    network: 'bitcoin',
    address: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    significant: '5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
  },
  { network: 'tron', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', significant: 'R7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
  {
    network: 'solana',
    address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    significant: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
  },
]

/** The same ends, another middle: what an attacker grinds keys for (a middle character swapped within the alphabet). */
function poisoned(address: string): string {
  const mid = Math.floor(address.length / 2)
  const swap = address[mid] === '2' ? '3' : '2'
  return address.slice(0, mid) + swap + address.slice(mid + 1)
}

describe('look-alike addresses', () => {
  it('the table holds real, valid addresses of every format in shared/', () => {
    for (const r of REAL) expect(isValidAddress(r.network, r.address), r.address).toBe(true)
    const formats = new Set(REAL.map((r) => NETWORKS.find((n) => n.id === r.network)!.format))
    expect([...formats].sort()).toEqual([...new Set(NETWORKS.map((n) => n.format))].sort())
  })

  it.each(REAL)('reads the significant characters of $address on $network', ({ network, address, significant }) => {
    expect(significantPart(network, address)).toBe(significant)
    expect(lookalikeKey(network, address)).toBe(`${significant.slice(0, 4)}…${significant.slice(-4)}`)
  })

  it.each(REAL)('a different address with the same ends as $address is a look-alike', ({ network, address }) => {
    const fake = poisoned(address)
    expect(fake).not.toBe(address)
    expect(isLookalike(network, fake, address)).toBe(true)
    expect(isLookalike(network, address, fake)).toBe(true)
  })

  it.each(REAL)('$address is not a look-alike of itself', ({ network, address }) => {
    expect(isLookalike(network, address, address)).toBe(false)
  })

  it('an EVM address checksummed and lower-case is one address, not a look-alike', () => {
    const [checksummed] = REAL
    expect(sameAddress('ethereum', checksummed!.address, checksummed!.address.toLowerCase())).toBe(true)
    expect(isLookalike('ethereum', checksummed!.address.toLowerCase(), checksummed!.address)).toBe(false)
    expect(isLookalike('ethereum', poisoned(checksummed!.address).toLowerCase(), checksummed!.address)).toBe(true)
  })

  it('bech32 in upper and lower case is one address', () => {
    expect(isLookalike('bitcoin', REAL[2]!.address, REAL[3]!.address)).toBe(false)
    expect(canonicalAddress('bitcoin', REAL[3]!.address)).toBe(REAL[2]!.address)
  })

  it('base58 (Tron, Solana) is case-sensitive: the same letters in another case are different ends', () => {
    const tron = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
    const otherCaseEnd = tron.slice(0, -1) + 'T'
    expect(isLookalike('tron', otherCaseEnd, tron)).toBe(false)
    expect(sameAddress('tron', tron, tron.toLowerCase())).toBe(false)
    expect(canonicalAddress('solana', REAL[7]!.address)).toBe(REAL[7]!.address)
  })

  it('the shared prefix alone is not a match: bc1q and 0x and T start every address', () => {
    expect(
      isLookalike(
        'ethereum',
        '0x5aAe000000000000000000000000000000000000',
        '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      ),
    ).toBe(false)
    expect(
      isLookalike(
        'bitcoin',
        'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
        'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      ),
    ).toBe(false)
    expect(isLookalike('tron', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false)
  })

  it('the same suffix alone is not a match', () => {
    const known = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
    expect(isLookalike('ethereum', '0x1111b6053f3e94c9b9a09f33669435e7ef1beaed', known)).toBe(false)
    expect(isLookalike('solana', '1xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', REAL[7]!.address)).toBe(false)
  })

  it('addresses of different networks never match, even of one format', () => {
    const known = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
    const fake = poisoned(known)
    expect(isLookalike('ethereum', fake, known)).toBe(true)
    // The matcher takes one network: the index keys by network, so a Polygon entry is never compared with an Ethereum
    // one.
    expect(lookalikeKey('ethereum', fake)).toBe(lookalikeKey('polygon', known))
    expect(lookalikeKey('bitcoin', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).not.toBe(
      lookalikeKey('bitcoin-testnet', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'),
    )
  })

  it('an unknown network or an address too short to have two ends has no key', () => {
    expect(lookalikeKey('dogecoin', 'D8vFz4p1L37jdg47HXKtSHA5uYLYxbGgPD')).toBeNull()
    expect(lookalikeKey('ethereum', '0x1234')).toBeNull()
    expect(isLookalike('dogecoin', 'D8vFz4p1L37jdg47HXKtSHA5uYLYxbGgPD', 'D8vFz4p1L37jdg47HXKtSHA5uYLYxbGgPE')).toBe(
      false,
    )
  })
})
