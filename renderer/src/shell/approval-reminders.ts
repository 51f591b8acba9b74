import type { Withdrawal } from '@shared/api/resources'

/** Payouts waiting for approval, oldest first: the one that has waited longest is the one to chase. */
export function waitingOnConsole(payouts: readonly Withdrawal[]): Withdrawal[] {
  return payouts
    .filter((w) => w.status === 'pending_approval')
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))
}
