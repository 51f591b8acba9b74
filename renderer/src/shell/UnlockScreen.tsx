import { shown } from '@shared/text/visible-text'
import { useState, type FormEvent } from 'react'
import type { LockStatus } from '@shared/ipc/channels/desk-lock'
import { ErrorBox } from '../components/ErrorBox'
import { Field } from '../components/Field'
import { useAction } from '../components/useAction'
import { lockActs, useNeedsYou } from '../data/lock'
import { ThemeToggle } from './ThemeToggle'

/** The whole page while the desk is locked: who unlocks it, and their passphrase. */
export function UnlockScreen({ status }: { status: LockStatus }) {
  const [name, setName] = useState(status.people[0] ?? '')
  const [passphrase, setPassphrase] = useState('')
  const needsYou = useNeedsYou((s) => s.needsYou)
  const { busy, error, run } = useAction()

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!name || !passphrase) return
    await run(() => lockActs.unlock(name, passphrase))
    setPassphrase('')
  }

  return (
    <div className="app app-env-none unlock-page">
      <header className="topbar">
        <span className="brand">Payout Desk</span>
        <span className="spacer" />
        <ThemeToggle />
      </header>
      <main className="content unlock" id="main" tabIndex={-1}>
        <h1>Payout Desk is locked</h1>
        <div role="status" aria-live="polite" data-testid="needs-you">
          {needsYou ? <p className="notice good">Payout Desk needs you</p> : null}
        </div>
        <form className="panel" onSubmit={(e) => void submit(e)} aria-label="Unlock">
          <Field label="Person">
            <select value={name} onChange={(e) => setName(e.target.value)}>
              {status.people.map((p) => (
                <option key={p} value={p}>
                  {shown(p)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label="Passphrase"
            hint={status.waitSeconds > 0 ? `Too many wrong tries: wait ${status.waitSeconds} seconds.` : undefined}
          >
            <input
              type="password"
              autoComplete="current-password"
              autoFocus
              value={passphrase}
              onChange={(e) => setPassphrase(e.target.value)}
            />
          </Field>
          <button type="submit" className="primary" disabled={busy || !name || !passphrase}>
            Unlock
          </button>
          {error ? <ErrorBox error={error} title="Not unlocked" /> : null}
        </form>
      </main>
    </div>
  )
}
