import { basename } from 'node:path'
import { DeskError } from '../errors'
import { decisionEntry } from '../audit/use-cases'
import { screeningRepo, type DeskStore, type ScreeningHit, type ScreeningList } from '../store'
import { screeningKey } from './address-key'
import { SCREENING_MAX_AGE_DAYS, staleScreeningWarning } from '../../../shared/payouts/stale-screening'
import { readScreeningFile, readScreeningPath, type ListedAddress } from './list-file'
import { screeningFindings, type ScreeningFindings } from './screening-hits'
import type { Counterparty } from '../../../shared/api/resources'

export { SCREENING_MAX_AGE_DAYS } from '../../../shared/payouts/stale-screening'
export { screeningFindings, type ListedDestination, type ListedPayout, type ScreeningFindings } from './screening-hits'
export { MAX_LIST_BYTES, checkListSize, type ListedAddress } from './list-file'

export interface ScreeningStatus extends ScreeningList {
  ageDays: number
  stale: boolean
}

/** Where an import's list comes from: a file on disk (its size checked before it is read) or its text. */
export type ListSource = { path: string } | { text: string }

/** What an import did: the list, the entries that are no address, and what the lists now name in the book. */
export interface ScreeningImport {
  name: string
  addresses: number
  published: string | null
  /** Entries of the file that are the address of no network: not listed (they could never match a payout). */
  notAddresses: ListedAddress[]
  findings: ScreeningFindings
  /** Why the destination book could not be read (its entries were not checked), or null. */
  bookUnread: string | null
}

/** What screening needs of an open session: its store, and a client that reads the destination book. */
export interface ScreeningSession {
  store: DeskStore
  client: { listCounterparties(): Promise<Counterparty[]> }
}

/**
 * Imports a screening list from a file the person chose (no network access is assumed): OFAC's `sdn.xml` or a CSV of
 * network and address. It replaces the list of the same name whole, in one transaction, with an audit row; then
 * every list is checked against the whole book and every waiting payout (`screeningHitsNow`).
 */
export async function importScreeningList(
  session: ScreeningSession,
  input: { source: ListSource; file: string; name?: string | undefined; actor: string; now?: Date },
): Promise<ScreeningImport> {
  const { store } = session
  const now = input.now ?? new Date()
  const name = (input.name ?? basename(input.file)).trim()
  if (name === '' || name.length > 80)
    throw new DeskError('invalid_input', 'A screening list needs a name of 1 to 80 characters (--name).')
  const read =
    'path' in input.source ? await readScreeningPath(input.source.path) : readScreeningFile(input.source.text)
  const count = store.transaction('import the screening list', () => {
    const n = store
      .repo(screeningRepo)
      .replace(
        { name, source: basename(input.file), published: read.published, importedAt: now.toISOString() },
        read.addresses,
      )
    store.audit.append(
      decisionEntry(now, 'screening.imported', input.actor, null, {
        list: name,
        addresses: n,
        not_addresses: read.notAddresses.length,
        published: read.published,
      }),
    )
    return n
  })
  const { findings, bookUnread } = await screeningHitsNow(session)
  return { name, addresses: count, published: read.published, notAddresses: read.notAddresses, findings, bookUnread }
}

/**
 * What the lists name now among the book (read from the provider) and every waiting payout (from the store). A book
 * that cannot be read leaves its entries unchecked and says why; the waiting payouts are checked all the same.
 */
export async function screeningHitsNow(
  session: ScreeningSession,
): Promise<{ findings: ScreeningFindings; bookUnread: string | null }> {
  let book: Counterparty[] = []
  let bookUnread: string | null = null
  try {
    book = await session.client.listCounterparties()
  } catch (err) {
    bookUnread = (err as Error).message
  }
  return { findings: screeningFindings(session.store, book), bookUnread }
}

/** Every list with its age in days (from its publication date when it states one, else its import). */
export function screeningStatus(
  store: DeskStore,
  now = new Date(),
  maxAgeDays = SCREENING_MAX_AGE_DAYS,
): ScreeningStatus[] {
  return store
    .read('read the screening lists', () => store.repo(screeningRepo).lists())
    .map((l) => {
      const since = Date.parse(l.published ?? '') || Date.parse(l.importedAt)
      const ageDays = Math.floor((now.getTime() - since) / 86_400_000)
      return { ...l, ageDays, stale: ageDays > maxAgeDays }
    })
}

/** The warning before a send when the newest screening list is stale; null otherwise. */
export const staleScreeningNow = (store: DeskStore, now = new Date()): string | null =>
  staleScreeningWarning(screeningStatus(store, now))

/** The list entries naming an address; empty when none does. */
export const screeningHits = (store: DeskStore, address: string): ScreeningHit[] =>
  store.repo(screeningRepo).hits(screeningKey(address))

/** The refusal of a listed address: it names the list and its entry, and no option overrides it. */
export function refuseListed(address: string, hits: readonly ScreeningHit[]): DeskError {
  const h = hits[0]!
  return new DeskError(
    'screening_listed',
    `${address} is on the screening list "${h.list}" (${h.entry}, ${h.currency}). It can never be paid or ` +
      `saved as a destination.`,
  )
}

/** Refuses a listed address, at every door that adds or pays a destination. */
export function assertNotListed(store: DeskStore, address: string): void {
  const hits = screeningHits(store, address)
  if (hits.length > 0) throw refuseListed(address, hits)
}
