import type { Withdrawal } from '@shared/api/resources'
import { waitedMs } from '../format/age'

/**
 * The payouts to remind about now: waiting for approval at least `thresholdMinutes`, and not reminded before. Each
 * payout is reminded once; the caller records the ids it notified.
 */
export function dueReminders(payouts: readonly Withdrawal[], thresholdMinutes: number, now: number, reminded: ReadonlySet<string>): Withdrawal[] {
  const threshold = thresholdMinutes * 60_000
  return payouts.filter((w) => w.status === 'pending_approval' && !reminded.has(w.id) && waitedMs(w.created_at, now) >= threshold)
}

/** Payouts waiting for approval, oldest first: the one that has waited longest is the one to chase. */
export function waitingOnConsole(payouts: readonly Withdrawal[]): Withdrawal[] {
  return payouts.filter((w) => w.status === 'pending_approval').sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))
}
