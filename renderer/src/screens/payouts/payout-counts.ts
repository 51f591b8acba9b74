import { useDeskQuery } from '../../data/useDeskQuery'
import { waitingOnConsole } from '../../shell/approval-reminders'

export interface PayoutCounts {
  /** Waiting on the console, waiting to be sent and test payouts whose rest is owed; null until all are read. */
  waiting: number | null
  held: number | null
  history: number | null
}

/** The tabs' counts, from the same cached reads the panels use (no read of their own). */
export function usePayoutCounts(): PayoutCounts {
  const list = useDeskQuery('withdrawals.list', {}).data
  const outbox = useDeskQuery('payouts.outbox', {}).data
  const tests = useDeskQuery('payouts.tests', {}).data
  const held = useDeskQuery('held.list', {}).data
  const queued = outbox?.filter((e) => e.state === 'queued' && e.batchId === null).length
  return {
    waiting: list && queued !== undefined && tests ? waitingOnConsole(list).length + queued + tests.length : null,
    held: held?.length ?? null,
    history: list?.length ?? null,
  }
}
