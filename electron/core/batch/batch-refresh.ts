import { LIMITS } from '../../../shared/api/limits'
import type { Withdrawal } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import type { OutboxEntry } from '../payouts/outbox'
import type { DeskStore } from '../store'

/** Rows a page of the withdrawal list holds: the list is read a page of 100 at a time. */
export const STATUS_PAGE = 100

/**
 * Where each wallet's pass through its withdrawal list stands between rounds: the offset to read next and the payouts
 * of the batches it has seen in this pass. A round the budget cuts short leaves its place here, and the next continues
 * from it instead of the first page, so the oldest rows are read too.
 */
export type StatusPlaces = Map<string, { offset: number; seen: Set<string> }>

/**
 * Reads the provider's current status of batch payouts from the withdrawal list, 100 a request per
 * wallet (never one request per row). A wallet's pass ends once every payout of the batch in it was
 * seen (or at the list's end); reading stops altogether when `mayReadPage` (asked before every page)
 * says no: what was read by then is returned and the pass's place kept in `places`.
 */
export async function readBatchStatuses(
  client: Pick<ApiClient, 'withdrawalPage'>,
  entries: ReadonlyArray<Pick<OutboxEntry, 'withdrawalId'> & { body: Pick<OutboxEntry['body'], 'wallet_id'> }>,
  mayReadPage: () => boolean = () => true,
  places: StatusPlaces = new Map(),
): Promise<Withdrawal[]> {
  const wanted = new Map<string, Set<string>>()
  for (const e of entries) {
    if (!e.withdrawalId) continue
    const ids = wanted.get(e.body.wallet_id) ?? new Set<string>()
    ids.add(e.withdrawalId)
    wanted.set(e.body.wallet_id, ids)
  }
  for (const walletId of places.keys()) if (!wanted.has(walletId)) places.delete(walletId)
  const found: Withdrawal[] = []
  for (const [walletId, all] of wanted) {
    let place = places.get(walletId) ?? { offset: 0, seen: new Set<string>() }
    let ids = new Set([...all].filter((id) => !place.seen.has(id)))
    // This pass saw them all: a new one starts at the first page.
    if (ids.size === 0) [place, ids] = [{ offset: 0, seen: new Set() }, all]
    for (;;) {
      if (!mayReadPage()) {
        places.set(walletId, place)
        return found
      }
      const page = await client.withdrawalPage({ wallet_id: walletId, limit: STATUS_PAGE, offset: place.offset })
      for (const w of page.rows) {
        if (!ids.delete(w.id)) continue
        found.push(w)
        place.seen.add(w.id)
      }
      const next = page.nextOffset
      if (ids.size === 0 || next === null || next <= place.offset || next > LIMITS.offsetMax) break
      place.offset = next
    }
    places.delete(walletId)
  }
  return found
}

/** Reads a batch's payout statuses (as above) and keeps them in the store's copy that the batch status shows. */
export async function refreshBatchStatuses(
  client: Pick<ApiClient, 'withdrawalPage'>,
  store: DeskStore,
  entries: readonly OutboxEntry[],
): Promise<number> {
  const found = await readBatchStatuses(client, entries)
  store.transaction('keep the payout statuses', () => found.forEach((w) => store.withdrawals.put(w)))
  return found.length
}
