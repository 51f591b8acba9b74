import { isValidAddress } from './address'
import { findNetwork, NETWORKS, type NetworkInfo } from './networks'

const EVM_SHAPE = /^0x[0-9a-fA-F]{40}$/

/** Families whose addresses fit all their networks alike; a Bitcoin address names its own network (bc1…, tb1…). */
const FAMILY: Partial<Record<NetworkInfo['format'], string>> = {
  evm: 'an Ethereum-style (EVM)',
  tron: 'a Tron',
  solana: 'a Solana',
}

const familyName = (n: NetworkInfo) => FAMILY[n.format] ?? `a ${n.name}`

/**
 * Why `address` is not one of `networkId` (null when it is), said so a person can act on it: an address of another
 * network is named as such, and an EVM address whose EIP-55 capitals do not match is told apart from a wrong
 * shape. No corrected spelling is offered: a failed checksum means a character is probably mistyped, and the
 * checksum of the mistyped address would point the money at it.
 */
export function addressProblem(networkId: string, address: string): string | null {
  const network = findNetwork(networkId)
  if (!network) return `Unknown network ${networkId}.`
  if (isValidAddress(networkId, address)) return null
  if (network.format === 'evm' && EVM_SHAPE.test(address)) {
    return (
      'The EIP-55 checksum (the mix of capital and small letters) does not match: a character is probably ' +
      'mistyped. Copy the address again from its owner; do not change its letters by hand.'
    )
  }
  const families = [
    ...new Set(
      NETWORKS.filter((n) => n.format !== network.format || n.hrp !== network.hrp)
        .filter((n) => isValidAddress(n.id, address))
        .map(familyName),
    ),
  ]
  if (families.length > 0) return `This looks like ${families.join(' or ')} address, not ${network.name}.`
  return `Not a valid ${network.name} address.`
}
