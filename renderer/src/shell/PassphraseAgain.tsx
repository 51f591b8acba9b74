import { useEffect, useRef, useState, type FormEvent } from 'react'
import { createPortal } from 'react-dom'
import { ErrorBox } from '../components/ErrorBox'
import { Field } from '../components/Field'
import { useAction } from '../components/useAction'
import { answerPresence, confirmPresence, usePresenceAsk } from '../data/lock'

/**
 * Keeps Tab and Escape inside this dialog, ahead of a confirmation dialog it may open over: its keys are caught on
 * the window, before the document's listeners of the dialog below hear them.
 */
export function useTopmostKeys(box: React.RefObject<HTMLDivElement | null>, onEscape: () => void): void {
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault()
        e.stopPropagation()
        onEscape()
        return
      }
      if (e.key !== 'Tab' || !box.current) return
      e.stopPropagation()
      const items = [...box.current.querySelectorAll<HTMLElement>('input, select, button:not([disabled])')]
      const at = items.indexOf(document.activeElement as HTMLElement)
      const next = e.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : (at + 1) % items.length
      e.preventDefault()
      items[next]?.focus()
    }
    window.addEventListener('keydown', onKey, true)
    return () => {
      window.removeEventListener('keydown', onKey, true)
      before?.focus()
    }
  }, [box, onEscape])
}

const cancelPresence = () => answerPresence(false)

function PassphraseDialog({ message }: { message: string }) {
  const box = useRef<HTMLDivElement>(null)
  const [passphrase, setPassphrase] = useState('')
  const { busy, error, run } = useAction()
  useTopmostKeys(box, cancelPresence)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!passphrase) return
    await run(() => confirmPresence(passphrase))
    setPassphrase('')
  }

  return createPortal(
    <div className="backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-label="Your passphrase again" ref={box}>
        <h2>Your passphrase again</h2>
        <form onSubmit={(e) => void submit(e)}>
          <p>{message}</p>
          <Field label="Passphrase">
            <input
              type="password"
              autoComplete="current-password"
              autoFocus
              value={passphrase}
              onChange={(e) => setPassphrase(e.target.value)}
            />
          </Field>
          <div className="row">
            <button type="submit" className="primary" disabled={busy || !passphrase}>
              Confirm
            </button>
            <button type="button" onClick={() => answerPresence(false)}>
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

/** Before a production write, when the person's passphrase is a few minutes old: typed again, the write goes on. */
export function PassphraseAgain() {
  const ask = usePresenceAsk((s) => s.ask)
  return ask ? <PassphraseDialog message={ask.message} /> : null
}
