import type { Withdrawal } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import type { OutboxEntry } from '../payouts/outbox'
import type { DeskStore } from '../store'

/**
 * Reads the provider's current status of a batch's payouts from the withdrawal list, 100 a
 * request per wallet (never one request per row), and keeps them in the store's copy that the
 * batch status shows. Stops paging a wallet once every payout of the batch in it was seen.
 */
export async function refreshBatchStatuses(client: Pick<ApiClient, 'withdrawals'>, store: DeskStore, entries: readonly OutboxEntry[]): Promise<number> {
  const wanted = new Map<string, Set<string>>()
  for (const e of entries) {
    if (!e.withdrawalId) continue
    const ids = wanted.get(e.body.wallet_id) ?? new Set<string>()
    ids.add(e.withdrawalId)
    wanted.set(e.body.wallet_id, ids)
  }
  const found: Withdrawal[] = []
  for (const [walletId, ids] of wanted) {
    for await (const w of client.withdrawals({ wallet_id: walletId, limit: 100 })) {
      if (!ids.delete(w.id)) continue
      found.push(w)
      if (ids.size === 0) break
    }
  }
  store.transaction('keep the payout statuses', () => found.forEach((w) => store.withdrawals.put(w)))
  return found.length
}
