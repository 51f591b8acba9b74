import { useRef, useState } from 'react'
import { isErrorCode } from '../../../../shared/api/error-codes'
import type { ChannelOutput } from '../../../../shared/ipc/channels'
import { asDeskError, call, DeskCallError } from '../../desk'
import { Amount } from '../../components/Amount'
import { EnvBadge } from '../../components/EnvBadge'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useProfiles } from '../../stores/profiles'
import { ownerName } from '../destinations/DestinationsScreen'
import type { PayoutDraft } from './PayoutForm'
import { explainRefusal } from './refusals'

export type RequestResult = ChannelOutput<'payouts.request'>

/** Everything the payout will do, with the environment; production needs the amount typed again. */
export function PayoutReview({ draft, onBack, onDone }: { draft: PayoutDraft; onBack: () => void; onDone: (r: RequestResult) => void }) {
  const profile = useProfiles((s) => s.current)
  const production = profile?.environment === 'production'
  const [retyped, setRetyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<DeskCallError | null>(null)
  // A ref, not state: a double click lands before React re-renders the disabled button.
  const sending = useRef(false)
  const confirmed = !production || retyped === draft.body.amount
  const { body, wallet, destination } = draft

  const submit = async () => {
    if (sending.current || !confirmed) return
    sending.current = true
    setBusy(true)
    setError(null)
    try {
      const result = await call('payouts.request', body)
      const refusal = result.entry.state === 'refused' ? result.entry.error : null
      if (!refusal) return onDone(result)
      // A refusal stays on the review, said in plain words, so the treasurer can go back and change what it names.
      setError(explainRefusal(new DeskCallError(isErrorCode(refusal.code) ? refusal.code : 'internal', refusal.message, refusal.requestId)))
      sending.current = false
      setBusy(false)
    } catch (err) {
      setError(explainRefusal(asDeskError(err)))
      sending.current = false
      setBusy(false)
    }
  }

  return (
    <section className="panel" aria-label="Review payout">
      <div className="screen-head">
        <h2>Review the payout</h2>
        {profile ? <EnvBadge environment={profile.environment} /> : null}
      </div>
      <dl className="facts" data-testid="payout-review">
        <dt>Profile</dt>
        <dd>
          {profile?.name} ({profile?.environment})
        </dd>
        <dt>From wallet</dt>
        <dd>{wallet.name}</dd>
        <dt>Amount</dt>
        <dd>
          <Amount value={body.amount} asset={body.asset} />
        </dd>
        <dt>Network</dt>
        <dd>{destination.network_name}</dd>
        <dt>To</dt>
        <dd>
          {destination.label || ownerName(destination)}
          <div className="mono small">{destination.address}</div>
        </dd>
        <dt>Fee priority</dt>
        <dd>{body.fee_priority}</dd>
      </dl>
      <p className="muted small">The payout waits for approval by a person in the provider's console before it reaches the network.</p>
      {production ? (
        <div className="notice prod">
          <p>
            This is a <strong>PRODUCTION</strong> payout of real funds. Type the amount again to confirm.
          </p>
          <Field label="Amount again" error={retyped && !confirmed ? 'Does not match the amount.' : null}>
            <input className="mono" value={retyped} onChange={(e) => setRetyped(e.target.value)} autoComplete="off" />
          </Field>
        </div>
      ) : null}
      {error ? <ErrorBox error={error} title="The payout was not requested" /> : null}
      <div className="actions">
        <button type="button" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button type="button" className={production ? 'danger' : 'primary'} disabled={busy || !confirmed} onClick={() => void submit()}>
          {busy ? 'Requesting…' : 'Request payout'}
        </button>
      </div>
    </section>
  )
}
