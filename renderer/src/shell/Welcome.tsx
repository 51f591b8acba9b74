import { useState } from 'react'
import { asDeskError, call, type DeskCallError } from '../desk'
import { ErrorBox } from '../components/ErrorBox'
import { useNav } from '../stores/nav'
import { useProfiles } from '../stores/profiles'

/** First run: no profile yet. */
export function Welcome() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<DeskCallError | null>(null)
  const go = useNav((s) => s.go)
  const load = useProfiles((s) => s.load)

  const trySimulator = async () => {
    setBusy(true)
    setError(null)
    try {
      await call('quickstart.simulator', {})
      await load()
      go('wallets')
    } catch (err) {
      setError(asDeskError(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="welcome panel" aria-labelledby="welcome-title">
      <h1 id="welcome-title">Welcome to Payout Desk</h1>
      <p>There is no profile yet. A profile holds one workspace's address, environment and signing key.</p>
      <p className="muted">
        The local simulator plays the provider on this computer: sandbox wallets with demo money, a console to approve payouts. Nothing
        leaves your machine.
      </p>
      <div className="row">
        <button type="button" className="primary" disabled={busy} onClick={() => void trySimulator()}>
          {busy ? 'Starting the simulator…' : 'Try it with the local simulator'}
        </button>
        <button type="button" onClick={() => go('keys', 'new')}>
          Add a profile
        </button>
      </div>
      {error ? <ErrorBox error={error} title="The simulator could not start" onRetry={() => void trySimulator()} /> : null}
    </section>
  )
}
