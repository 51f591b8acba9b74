import { describeFinding, type LookalikeFinding } from '../../../shared/address/lookalike-finding'
import { sameAddress } from '../../../shared/address/lookalike'
import { toChecksumAddress } from '../../../shared/api/address'
import { findNetwork } from '../../../shared/api/networks'
import type { Counterparty, Wallet } from '../../../shared/api/resources'
import { DeskError } from '../errors'
import {
  baitFlags,
  destinationClaims,
  knownAddresses,
  type DeskStore,
  type DestinationClaim,
  type KnownAddress,
  type NewKnownAddress,
} from '../store'
import { fieldsOf, forgetProviderLists, markProviderLists, providerListsUnchanged } from './provider-lists-mark'

/** The provider's lists the guard reads before each check, so the book and the own addresses are current. */
export interface GuardClient {
  listCounterparties(): Promise<Counterparty[]>
  listWallets(): Promise<Wallet[]>
}

/** The destination book and the workspace's own deposit addresses, as index entries. */
export function providerEntries(
  book: readonly Counterparty[],
  wallets: readonly Wallet[],
  readAt: string,
): NewKnownAddress[] {
  const own = wallets.flatMap((w) =>
    w.deposit_addresses.map((d) => ({
      network: d.network,
      address: d.address,
      source: 'own' as const,
      label: w.name,
      seenAt: readAt,
    })),
  )
  return [
    ...book.map((c) => ({
      network: c.network,
      address: c.address,
      source: 'destination' as const,
      label: c.label || null,
      seenAt: c.created_at,
    })),
    ...own,
  ]
}

function shown(k: Pick<KnownAddress, 'network' | 'address'>): string {
  return findNetwork(k.network)?.format === 'evm' ? toChecksumAddress(k.address) : k.address
}

/**
 * What a new destination on `network` resembles among every address the profile knows: a different address
 * with the same first and last 4 significant characters, or the workspace's own deposit address. The same
 * address in the book is not a finding (the provider answers already_exists). Reads the provider's book and
 * wallets first; an index that cannot be read refuses, so a destination is never let through unchecked.
 */
export async function findLookalikes(
  store: DeskStore,
  client: GuardClient,
  network: string,
  address: string,
): Promise<LookalikeFinding[]> {
  await readProviderLists(store, client)
  return checkIndex(store, network, address)
}

/** The provider's book and wallets, read now into the index the gate checks. */
export async function readProviderLists(store: DeskStore, client: GuardClient): Promise<void> {
  const book = await client.listCounterparties()
  const wallets = await client.listWallets()
  refuseUnreadable(() => noteProviderLists(store, book, wallets))
  // A claim this process kept after a create whose answer was lost ends once the book shows the destination.
  refuseUnreadable(() =>
    store.read('end the claims the book answers', () => store.repo(destinationClaims).releaseListed(book)),
  )
}

/**
 * The destination book and own deposit addresses just read from the provider, into the index. A book unchanged
 * since this process last wrote it (the usual case) costs one comparison per entry and no write.
 */
export function noteProviderLists(store: DeskStore, book: readonly Counterparty[], wallets: readonly Wallet[]): void {
  const index = store.repo(knownAddresses)
  const reset = index.resetMark()
  if (providerListsUnchanged(store, reset, book, wallets)) return
  try {
    store.transaction('note the destination book and own addresses', () => {
      index.note(providerEntries(book, wallets, new Date().toISOString()))
      // Dust already in the history from a look-alike of a destination just learned of is flagged now.
      store.repo(baitFlags).recheck()
    })
    markProviderLists(store, reset, fieldsOf(book, wallets))
  } catch (err) {
    forgetProviderLists(store)
    throw err
  }
}

/**
 * The check itself: the entries of the index and the live claims (destinations a process is registering right now)
 * that share the address's look-alike key on the networks compared with `network` (every EVM network for an EVM one).
 */
export function checkIndex(store: DeskStore, network: string, address: string): LookalikeFinding[] {
  return refuseUnreadable(() => store.read('read the known-address index', () => findingsNow(store, network, address)))
}

function findingsNow(store: DeskStore, network: string, address: string): LookalikeFinding[] {
  const same = store.repo(knownAddresses).sameLook(network, address)
  // Already in the book on this network: nothing new is saved, and the provider answers already_exists.
  if (same.some((k) => k.source === 'destination' && k.network === network && sameAddress(network, k.address, address)))
    return []
  const findings: LookalikeFinding[] = []
  const seen = new Set<string>()
  for (const k of [...same, ...store.repo(destinationClaims).sameLook(network, address).map(claimEntry)]) {
    const equal = sameAddress(network, k.address, address)
    // The same EVM account on another network is the same party; only the workspace's own address is refused.
    const kind = equal ? (k.source === 'own' ? 'own' : null) : 'lookalike'
    if (kind === null || seen.has(`${kind}|${k.network}|${k.address}|${k.source}`)) continue
    seen.add(`${kind}|${k.network}|${k.address}|${k.source}`)
    findings.push({ kind, network: k.network, address: shown(k), source: k.source, label: k.label, seenAt: k.seenAt })
  }
  // Entries of one address under several sources: own first, then the book, registrations under way, payouts, history.
  const order = ['own', 'destination', 'claim', 'payout', 'ledger']
  return findings.sort((a, b) => order.indexOf(a.source) - order.indexOf(b.source))
}

const claimEntry = (c: DestinationClaim) => ({
  network: c.network,
  address: c.address,
  source: 'claim' as const,
  label: null,
  seenAt: c.claimedAt,
})

/**
 * The gate every registration passes, at the moment of the act: in one write transaction (so no other process
 * checks or claims in between) the findings are read, `decide` throws to refuse, and otherwise the destination is
 * claimed. Until the claim is released, every other check sees it, so two mutual look-alikes cannot both pass.
 */
export function claimDestination(
  store: DeskStore,
  network: string,
  address: string,
  decide: (findings: LookalikeFinding[]) => void,
): void {
  try {
    store.transaction('claim the new destination', () => {
      decide(findingsNow(store, network, address))
      store.repo(destinationClaims).claim(network, address)
    })
  } catch (err) {
    // A refusal (a look-alike, a listed address) passes as it is, its own cause first; a store that could not be
    // read or written refuses with why.
    if (err instanceof DeskError && (err.code === 'lookalike_destination' || err.code === 'screening_listed')) throw err
    throw unreadable(err)
  }
}

/**
 * The claim's end: with the new entry noted (in the caller's transaction), or after a refusal the provider answered.
 */
export function releaseClaim(store: DeskStore, network: string, address: string): void {
  store.repo(destinationClaims).release(network, address)
}

/** An index that cannot be read or written refuses: a destination is never let through unchecked. */
function refuseUnreadable<T>(work: () => T): T {
  try {
    return work()
  } catch (err) {
    throw unreadable(err)
  }
}

function unreadable(err: unknown): DeskError {
  const e = err instanceof DeskError ? err : new DeskError('store_error', String(err))
  return new DeskError(
    e.code,
    `New destinations are refused until the known-address index can be read, so none is saved unchecked for ` +
      `look-alikes. ${e.message}`,
  )
}

/** The refusal every surface shows: both addresses in full, and where the known one was seen. */
export function lookalikeError(address: string, findings: readonly LookalikeFinding[], howToAccept: string): DeskError {
  const lines = findings.map((f) =>
    f.kind === 'own'
      ? `${address} is ${describeFinding(f)} on ${f.network}, not an outside destination.`
      : `${address} looks like ${f.address} on ${f.network} (${describeFinding(f)}): the same first and last 4 ` +
        `characters, a different address. Compare every character.`,
  )
  return new DeskError('lookalike_destination', `${lines.join(' ')} ${howToAccept}`.trim())
}
