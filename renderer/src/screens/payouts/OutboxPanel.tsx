import { useEffect, useState } from 'react'
import type { OutboxEntryView } from '../../../../shared/ipc/channels/payouts'
import { asDeskError, call, on, type DeskCallError } from '../../desk'
import { Amount } from '../../components/Amount'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { ShortId } from '../../components/ShortId'
import { useRead } from '../../components/useRead'
import { formatTime } from '../transactions/format'

/** Payout requests whose fate is unknown (a crash or a timeout): the user decides, the key never changes. */
export function OutboxPanel({ onResolved }: { onResolved: () => void }) {
  const outbox = useRead(() => call('payouts.outbox', {}), [])
  const [busyKey, setBusyKey] = useState<string | null>(null)
  const [discarding, setDiscarding] = useState<OutboxEntryView | null>(null)
  const [error, setError] = useState<DeskCallError | null>(null)
  const retry = outbox.retry
  useEffect(() => on('outbox.changed', () => retry()), [retry])

  const act = async (key: string, channel: 'payouts.checkAgain' | 'payouts.resend' | 'payouts.discard') => {
    setBusyKey(key)
    setError(null)
    try {
      await call(channel, { idempotencyKey: key })
      retry()
      onResolved()
    } catch (err) {
      setError(asDeskError(err))
    } finally {
      setBusyKey(null)
      setDiscarding(null)
    }
  }

  if (outbox.error) return <ErrorBox error={outbox.error} title="The payout outbox could not be read" onRetry={retry} />
  const unresolved = outbox.data?.filter((e) => e.state === 'unknown') ?? []
  if (unresolved.length === 0) return null

  return (
    <section className="panel notice warn" aria-label="Unresolved payout requests" data-testid="outbox">
      <h2>Unresolved payout requests</h2>
      <p className="small">
        The app sent these but never heard whether the provider accepted them. Check again first; sending again reuses the same
        Idempotency-Key, so the provider never makes a second payout.
      </p>
      {error ? <ErrorBox error={error} /> : null}
      <table className="grid">
        <thead>
          <tr>
            <th>Created</th>
            <th className="num">Amount</th>
            <th>Destination</th>
            <th>Idempotency-Key</th>
            <th>Last error</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {unresolved.map((e) => (
            <tr key={e.idempotencyKey} data-testid="outbox-row">
              <td className="small">{formatTime(e.createdAt)}</td>
              <td className="num">
                <Amount value={e.body.amount} asset={e.body.asset} />
              </td>
              <td>
                <ShortId value={e.body.destination} what="destination address" short />
              </td>
              <td>
                <ShortId value={e.idempotencyKey} what="idempotency key" short />
              </td>
              <td className="small">{e.error ? e.error.message : '—'}</td>
              <td>
                <div className="row">
                  <button type="button" disabled={busyKey !== null} onClick={() => void act(e.idempotencyKey, 'payouts.checkAgain')}>
                    Check again
                  </button>
                  <button type="button" disabled={busyKey !== null} onClick={() => void act(e.idempotencyKey, 'payouts.resend')}>
                    Send again with the same key
                  </button>
                  <button type="button" disabled={busyKey !== null} onClick={() => setDiscarding(e)}>
                    Discard
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {discarding ? (
        <ConfirmDialog
          title="Discard this request?"
          confirmLabel="Discard"
          danger
          busy={busyKey !== null}
          onClose={() => setDiscarding(null)}
          onConfirm={() => void act(discarding.idempotencyKey, 'payouts.discard')}
        >
          <p>
            The app stops tracking it. If the provider did accept it, it still appears in the payout list and must be handled in the console.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
