import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { canonicalAddress } from './lookalike'

export const APPROVER_WORD_COUNT = 4

/**
 * Four words an approver can compare by ear or in chat with what the provider's console shows for the same
 * address. The derivation is public so anyone can check it:
 *
 *   h = SHA-256( UTF-8( network id + ":" + address ) )
 *   word i (i = 0..3) = BIP-39 English word number (bits 11·i to 11·i+10 of h, most significant bit first)
 *
 * The address is taken in its canonical spelling (lower-case for EVM and bech32, as is for base58), so a
 * checksummed and a lower-case EVM address give the same words; another network gives other words.
 */
export function approverWords(networkId: string, address: string): string[] {
  const h = sha256(utf8ToBytes(`${networkId}:${canonicalAddress(networkId, address)}`))
  // The first 6 bytes as one integer (48 bits, exact in a double) hold the 44 bits the four words take.
  const head = Array.from(h.subarray(0, 6)).reduce((n, byte) => n * 256 + byte, 0)
  const words: string[] = []
  for (let i = 0; i < APPROVER_WORD_COUNT; i++)
    words.push(wordlist[Math.floor(head / 2 ** (48 - 11 * (i + 1))) % 2048]!)
  return words
}
