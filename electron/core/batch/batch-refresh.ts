import type { Withdrawal } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import type { OutboxEntry } from '../payouts/outbox'
import type { DeskStore } from '../store'

/** Rows a page of the withdrawal list holds: the list is read a page of 100 at a time. */
export const STATUS_PAGE = 100

/**
 * Reads the provider's current status of batch payouts from the withdrawal list, 100 a request per
 * wallet (never one request per row). Stops paging a wallet once every payout of the batch in it was
 * seen, and stops reading altogether when `mayReadPage` (asked before every page) says no: what was
 * read by then is returned.
 */
export async function readBatchStatuses(
  client: Pick<ApiClient, 'withdrawals'>,
  entries: ReadonlyArray<Pick<OutboxEntry, 'withdrawalId'> & { body: Pick<OutboxEntry['body'], 'wallet_id'> }>,
  mayReadPage: () => boolean = () => true,
): Promise<Withdrawal[]> {
  const wanted = new Map<string, Set<string>>()
  for (const e of entries) {
    if (!e.withdrawalId) continue
    const ids = wanted.get(e.body.wallet_id) ?? new Set<string>()
    ids.add(e.withdrawalId)
    wanted.set(e.body.wallet_id, ids)
  }
  const found: Withdrawal[] = []
  let rows = 0
  for (const [walletId, ids] of wanted) {
    if (!mayReadPage()) break
    for await (const w of client.withdrawals({ wallet_id: walletId, limit: STATUS_PAGE })) {
      rows++
      if (ids.delete(w.id)) found.push(w)
      if (ids.size === 0) break
      // The list reads its next page when the last row of this one has been taken.
      if (rows % STATUS_PAGE === 0 && !mayReadPage()) return found
    }
  }
  return found
}

/** Reads a batch's payout statuses (as above) and keeps them in the store's copy that the batch status shows. */
export async function refreshBatchStatuses(
  client: Pick<ApiClient, 'withdrawals'>,
  store: DeskStore,
  entries: readonly OutboxEntry[],
): Promise<number> {
  const found = await readBatchStatuses(client, entries)
  store.transaction('keep the payout statuses', () => found.forEach((w) => store.withdrawals.put(w)))
  return found.length
}
