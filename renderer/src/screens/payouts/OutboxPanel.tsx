import { useState } from 'react'
import type { OutboxEntryView } from '@shared/ipc/channels/payouts'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { Time } from '../../components/Time'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { EntryCells, EntryHeads } from './EntryCells'
import { CanWrite } from '../../components/CanWrite'

type Act = 'payouts.checkAgain' | 'payouts.resend' | 'payouts.discard'

/** Payout requests whose fate is unknown (a crash or a timeout): the user decides, the key never changes. */
export function OutboxPanel() {
  // Re-read on `outbox.changed` by the cache wiring.
  const outbox = useDeskQuery('payouts.outbox', {})
  // Rows the outbox cannot list (they fail their schema): held by the core, shown here so they are never silently lost.
  const damaged = useDeskQuery('payouts.outboxDamaged', {}).data ?? []
  const writes = {
    'payouts.checkAgain': useDeskMutation('payouts.checkAgain'),
    'payouts.resend': useDeskMutation('payouts.resend'),
    'payouts.discard': useDeskMutation('payouts.discard'),
  }
  const action = useAction()
  const [discarding, setDiscarding] = useState<OutboxEntryView | null>(null)

  const act = async (key: string, channel: Act) => {
    // Whatever the answer, the outbox and the list may have changed: the core's outbox.changed and the write's own
    // marks (write-stales.ts) read both again.
    await action.run(() => writes[channel].mutateAsync({ idempotencyKey: key }))
    setDiscarding(null)
  }
  const busy = action.busy

  if (outbox.error && !outbox.data)
    return (
      <ErrorBox
        error={outbox.error}
        title="The payout outbox could not be read"
        onRetry={() => void outbox.refetch()}
      />
    )
  const unresolved = outbox.data?.filter((e) => e.state === 'unknown') ?? []
  if (unresolved.length === 0 && damaged.length === 0) return null

  return (
    <section className="panel notice warn" aria-label="Unresolved payout requests" data-testid="outbox">
      <h2>Unresolved payout requests</h2>
      <p className="small">
        The app sent these but never heard whether the provider accepted them. Check again first; sending again reuses
        the same Idempotency-Key, so the provider never makes a second payout.
      </p>
      {action.error ? <ErrorBox error={action.error} /> : null}
      <table className="grid">
        <thead>
          <tr>
            <th>Created</th>
            <EntryHeads />
            <th>Last error</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {damaged.map((d) => (
            <tr key={d.idempotencyKey} data-testid="outbox-damaged-row">
              <td colSpan={7}>
                <span className="chip chip-bad">Damaged record</span> <code>{d.idempotencyKey}</code>: {d.problem}.{' '}
                {d.advice}
              </td>
            </tr>
          ))}
          {unresolved.map((e) => (
            <tr key={e.idempotencyKey} data-testid="outbox-row">
              <td className="small one-line">
                <Time value={e.createdAt} short />
              </td>
              <EntryCells entry={e} />
              <td className="small">{e.error ? e.error.message : '—'}</td>
              <td>
                <div className="row">
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void act(e.idempotencyKey, 'payouts.checkAgain')}
                  >
                    Check again
                  </button>
                  <CanWrite>
                    <button type="button" disabled={busy} onClick={() => void act(e.idempotencyKey, 'payouts.resend')}>
                      Send again with the same key
                    </button>
                    <button type="button" disabled={busy} onClick={() => setDiscarding(e)}>
                      Discard
                    </button>
                  </CanWrite>
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
          busy={busy}
          onClose={() => setDiscarding(null)}
          onConfirm={() => void act(discarding.idempotencyKey, 'payouts.discard')}
        >
          <p>
            The app stops tracking it. If the provider did accept it, it still appears in the payout list and must be
            handled in the console.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
