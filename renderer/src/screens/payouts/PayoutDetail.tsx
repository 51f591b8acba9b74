import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Amount } from '../../components/Amount'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { QueryView } from '../../components/QueryView'
import { StatusChip } from '../../components/StatusChip'
import { useAction } from '../../components/useAction'
import { patchWithdrawal } from '../../data/withdrawal-cache'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { useNav } from '../../stores/nav'
import { PayoutFacts } from './PayoutFacts'
import { CopySummaryButton } from './CopySummaryButton'
import { RequestAgainButton } from './RequestAgainButton'
import { SimulatorConsoleButton } from './SimulatorConsoleButton'
import { PayoutInvoices } from './PayoutInvoices'
import { PayoutNote } from './PayoutNote'
import { ReceiptView } from './ReceiptView'
import { usePayoutReferences, usePayoutRequesters } from './usePayoutReferences'
import { CanWrite } from '../../components/CanWrite'
import { ScreenHead } from '../../components/ScreenHead'
import { BackLink } from '../../components/BackLink'

const NOT_CANCELLABLE =
  'This payout can no longer be cancelled: it has already moved past "pending approval" (someone approved, ' +
  "rejected or processed it in the console). Only an approver can stop it now, in the provider's console."

/** One payout as `GET /withdrawals/{id}` last told it, kept live by the core's poller. */
export function PayoutDetail({ withdrawalId }: { withdrawalId: string }) {
  const go = useNav((s) => s.go)
  const client = useQueryClient()
  // The core's poller pushes each change as `withdrawal.updated`; the cache wiring writes it into this read.
  const read = useDeskQuery('withdrawals.get', { withdrawalId })
  const reference = usePayoutReferences().get(withdrawalId)
  const requestedBy = usePayoutRequesters().get(withdrawalId)
  const [confirm, setConfirm] = useState(false)
  const [receipt, setReceipt] = useState(false)
  const action = useAction()
  const cancelPayout = useDeskMutation('withdrawals.cancel')
  const w = read.data?.withdrawal

  const cancel = async () => {
    const updated = await action.run(() => cancelPayout.mutateAsync({ withdrawalId }))
    setConfirm(false)
    if (updated) patchWithdrawal(client, updated, false)
    else void read.refetch()
  }
  const error =
    action.error?.code === 'withdrawal_not_cancellable'
      ? Object.assign(action.error, { message: NOT_CANCELLABLE })
      : action.error

  if (receipt) return <ReceiptView payoutId={withdrawalId} onClose={() => setReceipt(false)} />

  return (
    <div>
      <ScreenHead>
        <BackLink label="Payouts" onBack={() => go('payouts')} />
        <h1>Payout</h1>
        {w ? <StatusChip status={w.status} since={w.created_at} /> : null}
        {read.data?.stale ? (
          <span
            className="chip chip-wait"
            title="The provider answered from a cache that may be behind"
            data-testid="stale"
          >
            stale
          </span>
        ) : null}
        <span className="spacer" />
        <button type="button" onClick={() => void read.refetch()} disabled={read.isFetching}>
          Refresh
        </button>
        {w?.status === 'completed' ? (
          <button type="button" onClick={() => setReceipt(true)}>
            Receipt
          </button>
        ) : null}
        {w?.status === 'pending_approval' ? <CopySummaryButton w={w} /> : null}
        {w ? <RequestAgainButton w={w} /> : null}
        {w?.status === 'pending_approval' ? <SimulatorConsoleButton /> : null}
        {w?.status === 'pending_approval' ? (
          <CanWrite>
            <button type="button" className="danger" onClick={() => setConfirm(true)}>
              Cancel payout
            </button>
          </CanWrite>
        ) : null}
      </ScreenHead>
      {error ? (
        <ErrorBox
          error={error}
          title={error.code === 'withdrawal_not_cancellable' ? 'Not cancelled' : 'The cancel failed'}
        />
      ) : null}
      <QueryView query={read} what="the payout" errorTitle="This payout could not be read">
        {({ withdrawal }) => <PayoutFacts w={withdrawal} reference={reference} requestedBy={requestedBy} />}
      </QueryView>
      {w ? <PayoutNote payoutId={withdrawalId} /> : null}
      {w ? <PayoutInvoices payoutId={withdrawalId} /> : null}
      {confirm && w ? (
        <ConfirmDialog
          title="Cancel this payout?"
          confirmLabel="Cancel payout"
          danger
          busy={action.busy}
          onClose={() => setConfirm(false)}
          onConfirm={() => void cancel()}
        >
          <p>
            The request for <Amount value={w.amount} asset={w.asset} /> is withdrawn before anyone approves it. This
            cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  )
}
