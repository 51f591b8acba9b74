import { useState } from 'react'
import { CONFIRM_CHANNEL_NAMES, type PayeeChangeView } from '@shared/ipc/channels/payee-checks'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { Time } from '../../components/Time'
import { useAction } from '../../components/useAction'
import { useNow } from '../../components/useNow'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { useLockStatus } from '../../data/lock'
import { UserText } from '../../names/UserText'
import { CoreText } from '../../names/CoreText'
import { CanWrite } from '../../components/CanWrite'

type Channel = (typeof CONFIRM_CHANNEL_NAMES)[number]

/** A local date-time input's value for `d` (the input speaks the computer's own time zone, without one). */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)

/**
 * A destination that is a known payee's new address: where its change stands in the core's words, and the form that
 * records how it was confirmed with the payee (who, through which channel, when, a note). Nothing for any other.
 */
export function PayeeChangePanel({ destinationId }: { destinationId: string }) {
  const change = useDeskQuery('payees.changeOf', { destinationId })
  if (change.error) return <ErrorBox error={change.error} title="The payee change could not be read" />
  if (!change.data) return null
  const c = change.data
  return (
    <section
      className={`panel notice ${c.blocked ? 'warn' : 'good'}`}
      aria-label="Payee change"
      data-testid="payee-change"
    >
      <h3>Payee change</h3>
      <p data-testid="payee-change-state">
        {c.blocked ? (
          <CoreText>{c.blocked}</CoreText>
        ) : (
          <>
            New address for <UserText>{c.payee}</UserText>: may be paid.
          </>
        )}
      </p>
      {c.confirmation ? (
        <p className="small">
          Confirmed by <UserText>{c.confirmation.confirmedBy}</UserText> ({c.confirmation.channel}) at{' '}
          <Time value={c.confirmation.confirmedAt} />: <UserText>{c.confirmation.note}</UserText>
        </p>
      ) : (
        <CanWrite>
          <ConfirmForm change={c} />
        </CanWrite>
      )}
    </section>
  )
}

function ConfirmForm({ change }: { change: PayeeChangeView }) {
  const confirm = useDeskMutation('payees.confirmChange')
  const { error, run, busy } = useAction()
  // With people, the core records the person at the desk: nobody types a name.
  const atDesk = useLockStatus().data?.person?.name ?? null
  const [typed, setBy] = useState('')
  const by = atDesk ?? typed
  const [channel, setChannel] = useState<Channel>('phone')
  const [when, setWhen] = useState(() => localInput(new Date()))
  const [note, setNote] = useState('')
  const now = useNow(5_000)
  const at = Date.parse(when)
  const whenProblem = !Number.isFinite(at) ? 'A date and time.' : at > now ? 'A time that has passed.' : null
  const ready = by.trim() !== '' && note.trim() !== '' && !whenProblem
  return (
    <form
      aria-label="Record how the change was confirmed"
      onSubmit={(e) => {
        e.preventDefault()
        if (!ready) return
        void run(() =>
          confirm.mutateAsync({
            destinationId: change.destinationId,
            by: by.trim(),
            channel,
            note: note.trim(),
            confirmedAt: new Date(at).toISOString(),
          }),
        )
      }}
    >
      <p className="small">Call the payee on a number you already had (not one from the message that announced it).</p>
      <div className="row">
        {atDesk === null ? (
          <Field label="Confirmed by">
            <input value={typed} maxLength={120} onChange={(e) => setBy(e.target.value)} />
          </Field>
        ) : null}
        <Field label="Channel">
          <select value={channel} onChange={(e) => setChannel(e.target.value as Channel)}>
            {CONFIRM_CHANNEL_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="When" error={whenProblem}>
          <input type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
        </Field>
      </div>
      <Field label="Note">
        <textarea value={note} maxLength={1000} rows={2} onChange={(e) => setNote(e.target.value)} />
      </Field>
      <button type="submit" className="primary" disabled={busy || !ready}>
        Record confirmation
      </button>
      {error ? <ErrorBox error={error} title="The confirmation was not recorded" /> : null}
    </form>
  )
}
