import { useState } from 'react'
import type { ChannelOutput } from '@shared/ipc/channels'
import { findNetwork } from '@shared/api/networks'
import { readDecimal } from '@shared/format/decimal'
import { retypedProblem } from '@shared/payouts/retyped-total'
import { testAmountProblem } from '@shared/payouts/test-amount'
import { DeskCallError } from '../../desk'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useEscape } from '../../components/useEscape'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { useCurrentProfile } from '../../data/profiles'
import type { PayoutDraft } from './PayoutForm'
import { PayoutReviewFacts } from './PayoutReviewFacts'
import { PayoutChecks, useStoppedByChecks } from './PayoutChecks'
import { StaleScreeningNotice } from '../../components/StaleScreeningNotice'
import { FirstPayoutCheck } from './FirstPayoutCheck'
import { explainRefusal } from '../../payouts/refusals'
import { TestAmountChoice } from './TestAmountChoice'
import { BudgetWait } from '../../components/BudgetWait'
import { ActionBar } from '../../components/ActionBar'

export type RequestResult = ChannelOutput<'payouts.request'>

interface Props {
  draft: PayoutDraft
  /** The test payout whose rest this is: sent as that rest (core checks it completed and sends it once). */
  restOf?: string | null
  onBack: () => void
  onDone: (r: RequestResult) => void
}

/**
 * Everything the payout will do, with the environment; production needs the amount typed again. A destination never
 * paid before needs a tick, and a test amount may be sent first.
 */
export function PayoutReview({ draft, restOf = null, onBack, onDone }: Props) {
  const profile = useCurrentProfile()
  const production = profile?.environment === 'production'
  const [retyped, setRetyped] = useState('')
  const network = draft.body.network ?? draft.destination.network
  const first = useDeskQuery('payouts.firstPayout', { network, address: draft.destination.address })
  const [ticked, setTicked] = useState(false)
  const [testAmount, setTestAmount] = useState<string | null>(null)
  const action = useAction({ once: true })
  // Escape goes back, as Back does (the flow moves focus to the step's heading).
  useEscape(() => {
    if (!action.busy) onBack()
  })
  const { body } = draft
  const testing = testAmount !== null
  const sending = testing ? testAmount.trim() : body.amount
  // Compared as decimals, in the reader's locale: what the review shows ("200,000") or the plain amount.
  const mismatch = production ? retypedProblem(retyped, sending) : null
  const firstChecked = first.data?.first === false || (!first.isPending && ticked)
  const testOk = !testing || testAmountProblem(testAmount, body.amount, body.asset) === null
  const stopped = useStoppedByChecks({ ...body, network })
  const confirmed = mismatch === null && firstChecked && testOk && !stopped

  const requestTest = useDeskMutation('payouts.requestTest')
  const requestRest = useDeskMutation('payouts.requestRest')
  const request = useDeskMutation('payouts.request')
  const submit = async () => {
    if (!confirmed) return
    const result = await action.run(async () => {
      // Production: core checks the amount typed again too, as the plain decimal read in the person's locale.
      const retypedAmount = production ? readDecimal(retyped) : null
      const r = testing
        ? await requestTest.mutateAsync({
            body,
            testAmount: sending,
            ...(draft.reference ? { reference: draft.reference } : {}),
            retypedAmount,
          })
        : restOf
          ? await requestRest.mutateAsync({ testKey: restOf, retypedAmount })
          : await request.mutateAsync({
              ...body,
              ...(draft.reference ? { reference: draft.reference } : {}),
              retypedAmount,
            })
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
      {restOf ? (
        <p className="notice good" data-testid="rest-of-test">
          The test payout to this destination has completed: this is the rest of the payout.
        </p>
      ) : null}
      <PayoutReviewFacts draft={draft} profile={profile} />
      <StaleScreeningNotice />
      <PayoutChecks body={{ ...body, network }} />
      <FirstPayoutCheck
        first={first}
        networkName={findNetwork(network)?.name ?? network}
        ticked={ticked}
        onTick={setTicked}
      />
      {restOf ? null : (
        <TestAmountChoice
          asset={body.asset}
          fullAmount={body.amount}
          testAmount={testAmount}
          onChange={setTestAmount}
        />
      )}
      <p className="muted small">
        The payout waits for approval by a person in the provider's console before it reaches the network.
      </p>
      {production ? (
        <div className="notice prod">
          <p>
            This is a <strong>PRODUCTION</strong> payout of real funds. Type the amount
            {testing ? ' of the test payout' : ''} again to confirm.
          </p>
          <Field label="Amount again" error={retyped ? mismatch : null}>
            <input className="mono" value={retyped} onChange={(e) => setRetyped(e.target.value)} autoComplete="off" />
          </Field>
        </div>
      ) : null}
      {action.error ? <ErrorBox error={explainRefusal(action.error)} title="The payout was not requested" /> : null}
      <ActionBar sticky label="Decision">
        <button type="button" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button
          type="button"
          className={production ? 'primary production' : 'primary'}
          disabled={busy || !confirmed}
          onClick={() => void submit()}
        >
          {busy ? 'Requesting…' : testing ? 'Request test payout' : 'Request payout'}
        </button>
      </ActionBar>
      <BudgetWait active={busy} />
    </section>
  )
}
