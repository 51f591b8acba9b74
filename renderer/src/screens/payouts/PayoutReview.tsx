import { useEffect, useRef, useState } from 'react'
import type { ChannelOutput } from '../../../../shared/ipc/channels'
import { retypedProblem } from '../../../../shared/payouts/retyped-total'
import { call, DeskCallError } from '../../desk'
import { EnvBadge } from '../../components/EnvBadge'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useProfiles } from '../../stores/profiles'
import type { PayoutDraft } from './PayoutForm'
import { PayoutReviewFacts } from './PayoutReviewFacts'
import { explainRefusal } from './refusals'

export type RequestResult = ChannelOutput<'payouts.request'>

/** Everything the payout will do, with the environment; production needs the amount typed again. */
export function PayoutReview({ draft, onBack, onDone }: { draft: PayoutDraft; onBack: () => void; onDone: (r: RequestResult) => void }) {
  const profile = useProfiles((s) => s.current)
  const production = profile?.environment === 'production'
  const [retyped, setRetyped] = useState('')
  const action = useAction({ once: true })
  // Opening the review moves focus to it, so its facts are read before its button.
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  // Compared as decimals, in the reader's locale: what the review shows ("200,000") or the plain amount.
  const mismatch = production ? retypedProblem(retyped, draft.body.amount) : null
  const confirmed = mismatch === null
  const { body } = draft

  const submit = async () => {
    if (!confirmed) return
    const result = await action.run(async () => {
      const r = await call('payouts.request', draft.reference ? { ...body, reference: draft.reference } : body)
      const refusal = r.entry.state === 'refused' ? r.entry.error : null
      // A refusal stays on the review, said in plain words, so the treasurer can go back and change what it names.
      if (refusal) throw new DeskCallError(refusal.code, refusal.message, refusal.requestId)
      return r
    })
    if (result) onDone(result)
  }
  const busy = action.busy

  return (
    <section className="panel" aria-label="Review payout">
      <div className="screen-head">
        <h2 ref={heading} tabIndex={-1}>
          Review the payout
        </h2>
        {profile ? <EnvBadge environment={profile.environment} /> : null}
      </div>
      <PayoutReviewFacts draft={draft} profile={profile} />
      <p className="muted small">The payout waits for approval by a person in the provider's console before it reaches the network.</p>
      {production ? (
        <div className="notice prod">
          <p>
            This is a <strong>PRODUCTION</strong> payout of real funds. Type the amount again to confirm.
          </p>
          <Field label="Amount again" error={retyped ? mismatch : null}>
            <input className="mono" value={retyped} onChange={(e) => setRetyped(e.target.value)} autoComplete="off" />
          </Field>
        </div>
      ) : null}
      {action.error ? <ErrorBox error={explainRefusal(action.error)} title="The payout was not requested" /> : null}
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
