import { isValidAddress } from '../../../shared/api/address'
import { NETWORKS } from '../../../shared/api/networks'

/** Spaces, line breaks and characters that draw as nothing: never part of an address, often pasted into a list. */
const NOT_AN_ADDRESS_CHAR = /[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu

/**
 * The form an address is screened in, whatever network a list or a payout names: without spaces or invisible
 * characters, EVM (one account on every EVM network, `0x` or `0X`) and bech32 in lower case, any other spelling
 * exactly. A list that says `ETH` thus also catches the same account on Polygon, as the provider would pay it.
 */
export function screeningKey(address: string): string {
  const a = address.replace(NOT_AN_ADDRESS_CHAR, '')
  if (/^0x[0-9a-f]{40}$/i.test(a)) return a.toLowerCase()
  if (/^(bc|tb|ltc|bcrt)1[0-9a-z]+$/i.test(a) && (a === a.toLowerCase() || a === a.toUpperCase()))
    return a.toLowerCase()
  return a
}

/** A list entry's key, or null when it is the address of no network the desk pays (it can never match a payout). */
export function listedKey(address: string): string | null {
  const key = screeningKey(address)
  return NETWORKS.some((n) => isValidAddress(n.id, key)) ? key : null
}
