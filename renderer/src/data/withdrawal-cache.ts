import type { QueryClient } from '@tanstack/react-query'
import type { Withdrawal } from '@shared/api/resources'
import type { ChannelOutput } from '@shared/ipc/channels'
import { deskKey } from './desk-keys'

/** The newer of two views of one payout: the poller's push and a list read race, and the later `updated_at` wins. */
function newer(cached: Withdrawal, pushed: Withdrawal): Withdrawal {
  return pushed.updated_at >= cached.updated_at ? pushed : cached
}

/**
 * Puts a payout the core pushed into every cached read that shows it: its own detail and each list holding it.
 * Returns whether any cached list held it; a payout none holds is new to this window (another process, the
 * connector or the CLI, requested it).
 */
export function patchWithdrawal(client: QueryClient, withdrawal: Withdrawal, stale: boolean): boolean {
  client.setQueryData<ChannelOutput<'withdrawals.get'>>(
    deskKey('withdrawals.get', { withdrawalId: withdrawal.id }),
    (old) => (old ? { withdrawal: newer(old.withdrawal, withdrawal), stale } : { withdrawal, stale }),
  )
  let listed = false
  client.setQueriesData<ChannelOutput<'withdrawals.list'>>({ queryKey: ['withdrawals.list'] }, (old) => {
    if (!old?.some((w) => w.id === withdrawal.id)) return old
    listed = true
    return old.map((w) => (w.id === withdrawal.id ? newer(w, withdrawal) : w))
  })
  return listed
}

/**
 * Puts a payout no cached list holds yet (one just accepted in a batch, or requested by another process) at the top
 * of each cached list whose filter it matches, so it shows at once without reading every page again. A list searched
 * by Idempotency-Key cannot be matched here (the payout does not carry its key): it is read again instead.
 */
export function insertWithdrawal(client: QueryClient, withdrawal: Withdrawal): void {
  client.setQueriesData<ChannelOutput<'withdrawals.list'>>(
    { queryKey: ['withdrawals.list'], predicate: (q) => listTakes(q.queryKey[1], withdrawal) },
    (old) => (old && !old.some((w) => w.id === withdrawal.id) ? [withdrawal, ...old] : old),
  )
  void client.invalidateQueries({ queryKey: ['withdrawals.list'], predicate: (q) => keyed(q.queryKey[1]) })
}

function keyed(input: unknown): boolean {
  return typeof input === 'object' && input !== null && 'idempotency_key' in input
}

function listTakes(input: unknown, w: Withdrawal): boolean {
  if (keyed(input)) return false
  const wallet = (input as { wallet_id?: string } | undefined)?.wallet_id
  return wallet === undefined || wallet === w.wallet_id
}
