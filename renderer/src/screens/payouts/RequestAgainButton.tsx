import { useState } from 'react'
import type { Withdrawal } from '@shared/api/resources'
import { canRequestAgain } from '@shared/payouts/request-again'
import { CanWrite } from '../../components/CanWrite'
import { RequestAgainDialog } from '../../payouts/RequestAgainDialog'
import { useNav } from '../../stores/nav'

/** "Request again" on an expired, rejected or failed payout's page; the new payout's page follows. */
export function RequestAgainButton({ w }: { w: Withdrawal }) {
  const go = useNav((s) => s.go)
  const [open, setOpen] = useState(false)
  if (!canRequestAgain(w.status)) return null
  return (
    <CanWrite>
      <button type="button" onClick={() => setOpen(true)} data-testid="request-again">
        Request again
      </button>
      {open ? (
        <RequestAgainDialog w={w} onClose={() => setOpen(false)} onRequested={(id) => go('payouts', id)} />
      ) : null}
    </CanWrite>
  )
}
