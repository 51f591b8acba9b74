import type { QueryClient } from '@tanstack/react-query'
import type { Withdrawal } from '../../../shared/api/resources'
import type { ChannelOutput } from '../../../shared/ipc/channels'
import { deskKey } from './desk-keys'

/** The newer of two views of one payout: the poller's push and a list read race, and the later `updated_at` wins. */
function newer(cached: Withdrawal, pushed: Withdrawal): Withdrawal {
  return pushed.updated_at >= cached.updated_at ? pushed : cached
}

/** Puts a payout the core pushed into every cached read that shows it: its own detail and each list holding it. */
export function patchWithdrawal(client: QueryClient, withdrawal: Withdrawal, stale: boolean): void {
  client.setQueryData<ChannelOutput<'withdrawals.get'>>(deskKey('withdrawals.get', { withdrawalId: withdrawal.id }), (old) =>
    old ? { withdrawal: newer(old.withdrawal, withdrawal), stale } : { withdrawal, stale },
  )
  client.setQueriesData<ChannelOutput<'withdrawals.list'>>({ queryKey: ['withdrawals.list'] }, (old) =>
    old?.some((w) => w.id === withdrawal.id) ? old.map((w) => (w.id === withdrawal.id ? newer(w, withdrawal) : w)) : old,
  )
}
