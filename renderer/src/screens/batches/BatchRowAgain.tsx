import { useState } from 'react'
import { AGAIN_FROM } from '@shared/payouts/request-again'
import type { ChannelOutput } from '@shared/ipc/channels'
import { CanWrite } from '../../components/CanWrite'
import { ErrorBox } from '../../components/ErrorBox'
import { useDeskQuery } from '../../data/useDeskQuery'
import { RequestAgainDialog } from '../../payouts/RequestAgainDialog'

type BatchRow = ChannelOutput<'batch.status'>['rows'][number]

const againable = (status: string | null) => AGAIN_FROM.some((s) => s === status)

/**
 * "Request again" on a batch's expired, rejected or failed row not requested again yet: the payout's own confirmation,
 * with the payout read from the provider first, so the dialog names what the console holds.
 */
export function BatchRowAgain({ row, onRequested }: { row: BatchRow; onRequested: () => void }) {
  const [open, setOpen] = useState(false)
  if (!row.withdrawalId || row.requestedAgain || !againable(row.payoutStatus)) return null
  return (
    <CanWrite>
      <button type="button" className="small" onClick={() => setOpen(true)} data-testid="batch-row-request-again">
        Request again
      </button>
      {open ? (
        <AgainOf withdrawalId={row.withdrawalId} onClose={() => setOpen(false)} onRequested={onRequested} />
      ) : null}
    </CanWrite>
  )
}

function AgainOf({
  withdrawalId,
  onClose,
  onRequested,
}: {
  withdrawalId: string
  onClose: () => void
  onRequested: () => void
}) {
  const read = useDeskQuery('withdrawals.get', { withdrawalId })
  if (read.error) return <ErrorBox error={read.error} title="The payout could not be read" />
  if (!read.data) return null
  return <RequestAgainDialog w={read.data.withdrawal} onClose={onClose} onRequested={onRequested} />
}
