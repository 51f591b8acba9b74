import { describeFinding, type LookalikeFinding } from '../../../shared/address/lookalike-finding'
import { sameAddress } from '../../../shared/address/lookalike'
import { toChecksumAddress } from '../../../shared/api/address'
import { findNetwork } from '../../../shared/api/networks'
import type { Counterparty, Wallet } from '../../../shared/api/resources'
import { DeskError } from '../errors'
import { baitFlags, knownAddresses, type DeskStore, type KnownAddress, type NewKnownAddress } from '../store'
import { fieldsOf, forgetProviderLists, markProviderLists, providerListsUnchanged } from './provider-lists-mark'

/** The provider's lists the guard reads before each check, so the book and the own addresses are current. */
export interface GuardClient {
  listCounterparties(): Promise<Counterparty[]>
  listWallets(): Promise<Wallet[]>
}

/** The destination book and the workspace's own deposit addresses, as index entries. */
export function providerEntries(book: readonly Counterparty[], wallets: readonly Wallet[], readAt: string): NewKnownAddress[] {
  const own = wallets.flatMap((w) => w.deposit_addresses.map((d) => ({ network: d.network, address: d.address, source: 'own' as const, label: w.name, seenAt: readAt })))
  return [...book.map((c) => ({ network: c.network, address: c.address, source: 'destination' as const, label: c.label || null, seenAt: c.created_at })), ...own]
}

function shown(k: KnownAddress): string {
  return findNetwork(k.network)?.format === 'evm' ? toChecksumAddress(k.address) : k.address
}

/**
 * What a new destination on `network` resembles among every address the profile knows: a different address
 * with the same first and last 4 significant characters, or the workspace's own deposit address. The same
 * address in the book is not a finding (the provider answers already_exists). Reads the provider's book and
 * wallets first; an index that cannot be read refuses, so a destination is never let through unchecked.
 */
export async function findLookalikes(store: DeskStore, client: GuardClient, network: string, address: string): Promise<LookalikeFinding[]> {
  const book = await client.listCounterparties()
  const wallets = await client.listWallets()
  refuseUnreadable(() => noteProviderLists(store, book, wallets))
  return checkIndex(store, network, address)
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

/** The check itself: one indexed read of the entries that share the address's look-alike key on its network. */
export function checkIndex(store: DeskStore, network: string, address: string): LookalikeFinding[] {
  const same = refuseUnreadable(() => store.read('read the known-address index', () => store.repo(knownAddresses).sameLook(network, address)))
  // Already in the book: nothing new is saved, and the provider answers already_exists.
  if (same.some((k) => k.source === 'destination' && sameAddress(network, k.address, address))) return []
  const findings: LookalikeFinding[] = []
  const seen = new Set<string>()
  for (const k of same) {
    const equal = sameAddress(network, k.address, address)
    const kind = equal ? (k.source === 'own' ? 'own' : null) : 'lookalike'
    if (kind === null || seen.has(`${kind}|${k.address}|${k.source}`)) continue
    seen.add(`${kind}|${k.address}|${k.source}`)
    findings.push({ kind, network: k.network, address: shown(k), source: k.source, label: k.label, seenAt: k.seenAt })
  }
  // Entries of one address under several sources: own first, then the book, payouts, history.
  const order = ['own', 'destination', 'payout', 'ledger']
  return findings.sort((a, b) => order.indexOf(a.source) - order.indexOf(b.source))
}

/** An index that cannot be read or written refuses: a destination is never let through unchecked. */
function refuseUnreadable<T>(work: () => T): T {
  try {
    return work()
  } catch (err) {
    const e = err instanceof DeskError ? err : new DeskError('store_error', String(err))
    throw new DeskError(e.code, `New destinations are refused until the known-address index can be read, so none is saved unchecked for look-alikes. ${e.message}`)
  }
}

/** The refusal every surface shows: both addresses in full, and where the known one was seen. */
export function lookalikeError(address: string, findings: readonly LookalikeFinding[], howToAccept: string): DeskError {
  const lines = findings.map((f) =>
    f.kind === 'own'
      ? `${address} is ${describeFinding(f)} on ${f.network}, not an outside destination.`
      : `${address} looks like ${f.address} (${describeFinding(f)}): the same first and last 4 characters, a different address. Compare every character.`,
  )
  return new DeskError('lookalike_destination', `${lines.join(' ')} ${howToAccept}`.trim())
}
