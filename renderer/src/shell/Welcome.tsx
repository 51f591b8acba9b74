import { ErrorBox } from '../components/ErrorBox'
import { useNav } from '../stores/nav'
import { useQuickstart } from '../data/quickstart'

/** First run: no profile yet. */
export function Welcome() {
  const { busy, error, run } = useQuickstart()
  const go = useNav((s) => s.go)
  const trySimulator = () => run()

  return (
    <section className="welcome panel" aria-labelledby="welcome-title">
      <h1 id="welcome-title">Welcome to Payout Desk</h1>
      <p>There is no profile yet. A profile holds one workspace's address, environment and signing key.</p>
      <p className="muted">
        The local simulator plays the provider on this computer: sandbox wallets with demo money, a console to approve
        payouts. Nothing leaves your machine.
      </p>
      <div className="row">
        <button type="button" className="primary" disabled={busy} onClick={() => void trySimulator()}>
          {busy ? 'Starting the simulator…' : 'Try it with the local simulator'}
        </button>
        <button type="button" onClick={() => go('keys', 'new')}>
          Add a profile
        </button>
      </div>
      {error ? (
        <ErrorBox error={error} title="The quick start did not finish" onRetry={() => void trySimulator()} />
      ) : null}
    </section>
  )
}
