import { useState } from 'react'
import type { OutboxEntryView } from '@shared/ipc/channels/payouts'
import { fractionSlot, moneyWidth } from '../../components/Amount'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { usePaged } from '../../components/Paged'
import { Time } from '../../components/Time'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { EntryCells, EntryCols, EntryHeads } from './EntryCells'

/**
 * Single payouts the provider asked to wait for (a Retry-After beyond its rate window): each shows when it may be
 * sent; the app sends it then under the same key, unless a person cancels it first. Batch rows show on their batch.
 */
export function WaitingPanel() {
  const outbox = useDeskQuery('payouts.outbox', {})
  const discard = useDeskMutation('payouts.discard')
  const action = useAction()
  const [cancelling, setCancelling] = useState<OutboxEntryView | null>(null)
  const waiting = outbox.data?.filter((e) => e.state === 'queued' && e.batchId === null) ?? []
  const page = usePaged(waiting, 20, 'payouts waiting to be sent')
  const amounts = page.rows.map((e) => e.body.amount)
  if (waiting.length === 0) return null

  const cancel = async (key: string) => {
    await action.run(() => discard.mutateAsync({ idempotencyKey: key }))
    setCancelling(null)
  }

  return (
    <section className="panel notice warn" aria-label="Payouts waiting to be sent" data-testid="waiting">
      <h2>Waiting to be sent ({waiting.length})</h2>
      <p className="small">
        The provider asked the app to wait before sending these. Each is sent at its time with its own Idempotency-Key,
        unless you cancel it.
      </p>
      {action.error ? <ErrorBox error={action.error} /> : null}
      {page.pager}
      {/* History's fixed columns: each row one line, the reference cut and whole in its title (issue 54). */}
      <table
        className="grid payout-table"
        style={{ ...fractionSlot(amounts, '--column-frac'), ...moneyWidth(amounts) }}
      >
        <colgroup>
          <col className="col-time" />
          <EntryCols />
          <col className="col-action" />
        </colgroup>
        <thead>
          <tr>
            <th>Not before</th>
            <EntryHeads />
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((e) => (
            <tr key={e.idempotencyKey} data-testid="waiting-row">
              <td className="small one-line">{e.notBefore ? <Time value={e.notBefore} short /> : 'Now'}</td>
              <EntryCells entry={e} />
              <td className="row-actions">
                <button type="button" disabled={action.busy} onClick={() => setCancelling(e)}>
                  Cancel
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {cancelling ? (
        <ConfirmDialog
          title="Cancel this payout?"
          confirmLabel="Cancel the payout"
          danger
          busy={action.busy}
          onClose={() => setCancelling(null)}
          onConfirm={() => void cancel(cancelling.idempotencyKey)}
        >
          <p>It will not be sent. The provider turned its one attempt away, so nothing was paid.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
