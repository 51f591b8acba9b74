import { base58, bech32, bech32m, createBase58check } from '@scure/base'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { findNetwork, type NetworkInfo } from './networks'

/** True when `address` has the format of `networkId` (spec: address validated against the network's format). */
export function isValidAddress(networkId: string, address: string): boolean {
  const network = findNetwork(networkId)
  if (!network || address.length === 0 || address.length > 128) return false
  switch (network.format) {
    case 'evm':
      return isEvmAddress(address)
    case 'bitcoin':
      return isBitcoinAddress(network, address)
    case 'tron':
      return isTronAddress(address)
    case 'solana':
      return isSolanaAddress(address)
  }
}

/**
 * Whether two spellings name one address on `networkId`, as the provider matches a payout's destination against its
 * book: EVM without case (the EIP-55 checksum is only a spelling), bech32 without case (BIP-173: one case or the
 * other), base58 (Tron, Solana) exactly. Never narrower than the provider's match: a rule that checks one entry must
 * see every entry the provider could pay.
 */
export function sameAddress(networkId: string, a: string, b: string): boolean {
  const format = findNetwork(networkId)?.format
  return format === 'evm' || format === 'bitcoin' ? a.toLowerCase() === b.toLowerCase() : a === b
}

function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false
  const body = address.slice(2)
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true
  return toChecksumAddress(address) === address
}

/** EIP-55 mixed-case checksum of an EVM address. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase()
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)))
  let out = '0x'
  for (let i = 0; i < lower.length; i++) {
    out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!
  }
  return out
}

function isBitcoinAddress(network: NetworkInfo, address: string): boolean {
  const lower = address.toLowerCase()
  if (address !== lower && address !== address.toUpperCase()) return false
  for (const codec of [bech32, bech32m]) {
    try {
      const decoded = codec.decode(lower as `${string}1${string}`)
      if (decoded.prefix !== network.hrp) continue
      const version = decoded.words[0]
      if (version === undefined || version > 16) continue
      // BIP-350: witness v0 uses bech32, v1+ uses bech32m.
      if ((version === 0) !== (codec === bech32)) continue
      const program = codec.fromWords(decoded.words.slice(1))
      if (program.length < 2 || program.length > 40) continue
      if (version === 0 && program.length !== 20 && program.length !== 32) continue
      return true
    } catch {
      // try the other codec
    }
  }
  return false
}

const base58check = createBase58check(sha256)

function isTronAddress(address: string): boolean {
  if (address.length !== 34 || !address.startsWith('T')) return false
  try {
    const payload = base58check.decode(address)
    return payload.length === 21 && payload[0] === 0x41
  } catch {
    return false
  }
}

function isSolanaAddress(address: string): boolean {
  try {
    return base58.decode(address).length === 32
  } catch {
    return false
  }
}
