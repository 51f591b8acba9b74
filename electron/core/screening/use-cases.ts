import { basename } from 'node:path'
import { DeskError } from '../errors'
import { decisionEntry } from '../audit/decision-entry'
import { screeningRepo, type DeskStore, type ScreeningHit, type ScreeningList } from '../store'
import { screeningKey } from './address-key'
import { SCREENING_MAX_AGE_DAYS, staleScreeningWarning } from '../../../shared/payouts/stale-screening'
import { readScreeningFile } from './list-file'

export { SCREENING_MAX_AGE_DAYS } from '../../../shared/payouts/stale-screening'

export interface ScreeningStatus extends ScreeningList {
  ageDays: number
  stale: boolean
}

/**
 * Imports a screening list from a file the person chose (no network access is assumed): OFAC's `sdn.xml` or a CSV of
 * network and address. It replaces the list of the same name whole, in one transaction, with an audit row.
 */
export function importScreeningList(
  store: DeskStore,
  input: { text: string; file: string; name?: string; actor: string; now?: Date },
) {
  const now = input.now ?? new Date()
  const read = readScreeningFile(input.text)
  const name = (input.name ?? basename(input.file)).trim()
  if (name === '' || name.length > 80)
    throw new DeskError('invalid_input', 'A screening list needs a name of 1 to 80 characters (--name).')
  const addresses = read.addresses.map((a) => ({ ...a, key: screeningKey(a.address) }))
  return store.transaction('import the screening list', () => {
    const count = store
      .repo(screeningRepo)
      .replace(
        { name, source: basename(input.file), published: read.published, importedAt: now.toISOString() },
        addresses,
      )
    store.audit.append(
      decisionEntry(now, 'screening.imported', input.actor, null, {
        list: name,
        addresses: count,
        published: read.published,
      }),
    )
    return { name, addresses: count, published: read.published }
  })
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
