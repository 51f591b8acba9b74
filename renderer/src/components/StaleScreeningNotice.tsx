import { staleScreeningWarning } from '@shared/payouts/stale-screening'
import { useDeskQuery } from '../data/useDeskQuery'

/** Before every send (a payout, a batch, a pay run's period): the newest screening list is stale. Never a block. */
export function StaleScreeningNotice() {
  const lists = useDeskQuery('screening.status', {})
  const warning = lists.data ? staleScreeningWarning(lists.data) : null
  if (!warning) return null
  return (
    <p className="notice warn" role="status" data-testid="stale-screening">
      {warning}
    </p>
  )
}
