import { useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { CanWrite } from '../../components/CanWrite'

/** Hours a known payee's new address waits (with a recorded confirmation) before it may be paid; 0 to 720. */
export function PayeeChangeWaitSetting() {
  const wait = useDeskQuery('payees.changeWait', {})
  const setWait = useDeskMutation('payees.setChangeWait')
  const { error, run, busy } = useAction()
  const [hours, setHours] = useState('')
  const typed = Number(hours)
  const invalid = hours.trim() !== '' && (!Number.isFinite(typed) || typed < 0 || typed > 720)

  return (
    <div className="panel" data-testid="payee-change-wait">
      <h3>Payee changes</h3>
      <p className="muted small">
        A new address for a payee already in the book is paid only after this waiting period and once someone recorded
        how the change was confirmed with the payee (or a test payout to it completed).
        {wait.data ? ` Now: ${wait.data.hours} h.` : ''}
      </p>
      <CanWrite admin>
        <form
          className="row"
          aria-label="Payee change wait"
          onSubmit={(e) => {
            e.preventDefault()
            if (hours.trim() === '' || invalid) return
            void run(async () => {
              await setWait.mutateAsync({ hours: typed })
              setHours('')
            })
          }}
        >
          <Field label="Wait (hours)" error={invalid ? 'A number of hours from 0 to 720.' : null}>
            <input inputMode="decimal" value={hours} onChange={(e) => setHours(e.target.value)} />
          </Field>
          <button type="submit" disabled={busy || hours.trim() === '' || invalid}>
            Save wait
          </button>
        </form>
      </CanWrite>
      {error ? <ErrorBox error={error} title="The wait was not saved" /> : null}
    </div>
  )
}
