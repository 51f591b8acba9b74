/**
 * The form an address is screened in, whatever network a list or a payout names: EVM (one account on every EVM
 * network) and bech32 in lower case, any other spelling exactly. A list that says `ETH` thus also catches the same
 * account on Polygon, as the provider would pay it.
 */
export function screeningKey(address: string): string {
  const a = address.trim()
  if (/^0x[0-9a-fA-F]{40}$/.test(a)) return a.toLowerCase()
  if (/^(bc|tb|ltc|bcrt)1[0-9a-z]+$/i.test(a) && (a === a.toLowerCase() || a === a.toUpperCase()))
    return a.toLowerCase()
  return a
}
