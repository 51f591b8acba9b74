import { findNetwork, NETWORKS, type AddressFormat } from '../api/networks'

/**
 * Address poisoning: an attacker makes an address whose first and last characters match one the
 * person knows, and counts on people checking only the ends. Two different addresses of one
 * network whose first 4 and last 4 significant characters match are look-alikes.
 */
export const LOOKALIKE_ENDS = 4

/** Formats whose addresses are the same in any letter case: EVM (the checksum is a spelling) and bech32. */
const CASE_INSENSITIVE: ReadonlySet<AddressFormat> = new Set(['evm', 'bitcoin'])

/**
 * The characters an attacker has to work to match: what follows the part every address of the network
 * shares (`0x`; `bc1` or `tb1` and the witness version, so `bc1q`/`bc1p`; Tron's `T`; Solana has none),
 * lower-cased where the network ignores case. Null for a network the app does not know.
 */
export function significantPart(networkId: string, address: string): string | null {
  const network = findNetwork(networkId)
  if (!network) return null
  const folded = CASE_INSENSITIVE.has(network.format) ? address.toLowerCase() : address
  switch (network.format) {
    case 'evm':
      return folded.startsWith('0x') ? folded.slice(2) : folded
    case 'bitcoin': {
      const prefix = `${network.hrp}1`
      // The character after the separator is the witness version: shared by every address of that kind.
      return folded.startsWith(prefix) ? folded.slice(prefix.length + 1) : folded
    }
    case 'tron':
      return folded.startsWith('T') ? folded.slice(1) : folded
    case 'solana':
      return folded
  }
}

/**
 * The networks whose addresses an eye compares with one of `networkId`: every EVM network for an EVM one (an
 * address is the same account on every EVM chain, and poisoning campaigns run on several), else the network itself.
 */
export function comparedNetworks(networkId: string): string[] {
  return findNetwork(networkId)?.format === 'evm'
    ? NETWORKS.filter((n) => n.format === 'evm').map((n) => n.id)
    : [networkId]
}

/** One name for the networks compared together (`evm`, or the network's id), so a key is shared across them. */
export function lookalikeScope(networkId: string): string {
  return findNetwork(networkId)?.format === 'evm' ? 'evm' : networkId
}

/** The same address, however it is spelled (an EVM address checksummed or lower-case, bech32 in either case). */
export function sameAddress(networkId: string, a: string, b: string): boolean {
  if (a === b) return true
  const format = findNetwork(networkId)?.format
  return format !== undefined && CASE_INSENSITIVE.has(format) && a.toLowerCase() === b.toLowerCase()
}

/** The address in the one spelling the index keeps, so one address is one entry. */
export function canonicalAddress(networkId: string, address: string): string {
  const format = findNetwork(networkId)?.format
  return format !== undefined && CASE_INSENSITIVE.has(format) ? address.toLowerCase() : address
}

/**
 * First 4 and last 4 significant characters: equal keys on one network are look-alikes or the same address. Null when
 * too short to tell.
 */
export function lookalikeKey(networkId: string, address: string): string | null {
  const part = significantPart(networkId, address)
  if (part === null || part.length < 2 * LOOKALIKE_ENDS) return null
  return `${part.slice(0, LOOKALIKE_ENDS)}…${part.slice(-LOOKALIKE_ENDS)}`
}

/** True when `candidate` is a different address of `networkId` that an eye checking the ends would take for `known`. */
export function isLookalike(networkId: string, candidate: string, known: string): boolean {
  if (sameAddress(networkId, candidate, known)) return false
  const key = lookalikeKey(networkId, candidate)
  return key !== null && key === lookalikeKey(networkId, known)
}
