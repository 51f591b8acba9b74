import { shown } from '@shared/text/visible-text'
import { useRef, useState, type FormEvent } from 'react'
import { createPortal } from 'react-dom'
import { ErrorBox } from '../components/ErrorBox'
import { Field } from '../components/Field'
import { useAction } from '../components/useAction'
import { useLockStatus } from '../data/lock'
import { useSecondAsk } from '../data/second-person'
import { useTopmostKeys } from './PassphraseAgain'

const cancelSecond = () => useSecondAsk.getState().ask?.cancel()

function SecondDialog({ message }: { message: string }) {
  const box = useRef<HTMLDivElement>(null)
  const status = useLockStatus().data
  const others = (status?.people ?? []).filter((n) => n !== status?.person?.name)
  const [name, setName] = useState(others[0] ?? '')
  const [passphrase, setPassphrase] = useState('')
  const { busy, error, run } = useAction()
  useTopmostKeys(box, cancelSecond)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const ask = useSecondAsk.getState().ask
    if (!ask || !name || !passphrase) return
    await run(() => ask.submit({ name, passphrase }))
    setPassphrase('')
  }

  return createPortal(
    <div className="backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-label="A second person" ref={box}>
        <h2>A second person</h2>
        <form onSubmit={(e) => void submit(e)}>
          <p>{message}</p>
          <p className="muted small">They type their own passphrase here; the desk checks it and names them.</p>
          <Field label="Second person">
            <select value={name} onChange={(e) => setName(e.target.value)} autoFocus>
              {others.map((n) => (
                <option key={n} value={n}>
                  {shown(n)}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Their passphrase">
            <input
              type="password"
              autoComplete="off"
              value={passphrase}
              onChange={(e) => setPassphrase(e.target.value)}
            />
          </Field>
          <div className="row">
            <button type="submit" className="primary" disabled={busy || !name || !passphrase}>
              Confirm
            </button>
            <button type="button" onClick={cancelSecond}>
              Cancel
            </button>
          </div>
          {error ? <ErrorBox error={error} title="Not confirmed" /> : null}
        </form>
      </div>
    </div>,
    document.body,
  )
}

/** Four eyes at one seat: a loosening or lifting view-only waits here for a second person's name and passphrase. */
export function SecondPersonDialog() {
  const ask = useSecondAsk((s) => s.ask)
  return ask ? <SecondDialog message={ask.message} /> : null
}
