import { sameAddress } from '../../../shared/api/address'
import type { DeskStore } from '../store'
import { knownAddresses } from '../store/destinations/known-addresses'

/**
 * Why a batch or pay-run row must not pay `address`: it looks like another address the desk knows (the single
 * payout's look-alike finding). A file row has no review in which a person compares the two, so it is refused, and
 * the payout is made alone, where the review shows both and asks. Null when it resembles no other address.
 */
export function rowLookalike(store: DeskStore, network: string, address: string): string | null {
  const alike = store
    .read('read the known addresses', () => store.repo(knownAddresses).sameLook(network, address))
    .filter((k) => !sameAddress(k.network, k.address, address))
  const k = alike[0]
  if (!k) return null
  return (
    `${address} looks like ${k.address} (${k.source}${k.label ? `: ${k.label}` : ''}) on ${k.network}: the same ` +
    'first and last 4 characters, a different address. A batch or pay-run row never pays a look-alike; compare ' +
    'them character by character and pay it as a single payout, whose review shows both.'
  )
}
