import { useState } from 'react'
import { useNav } from '../../stores/nav'
import { BatchScreen } from '../batch/BatchScreen'
import { OutboxPanel } from './OutboxPanel'
import { PayoutDetail } from './PayoutDetail'
import { PayoutForm, type PayoutDraft } from './PayoutForm'
import { PayoutReview, type RequestResult } from './PayoutReview'
import { WithdrawalList } from './WithdrawalList'

type Step = { kind: 'list' } | { kind: 'form'; draft: PayoutDraft | null } | { kind: 'review'; draft: PayoutDraft } | { kind: 'batch' }

function outcomeText(r: RequestResult): { tone: string; text: string } {
  switch (r.entry.state) {
    case 'accepted':
      return { tone: 'good', text: 'Requested — waiting for approval in the console.' }
    case 'refused':
      return { tone: 'prod', text: `The provider refused the payout: ${r.entry.error?.message ?? 'no reason given'}` }
    default:
      return {
        tone: 'warn',
        text: 'The app could not confirm that the provider received the request. It is listed under “Unresolved payout requests” above.',
      }
  }
}

export function PayoutsScreen() {
  const detailId = useNav((s) => s.detailId)
  const go = useNav((s) => s.go)
  const [step, setStep] = useState<Step>({ kind: 'list' })
  const [result, setResult] = useState<RequestResult | null>(null)
  const [tick, setTick] = useState(0)
  if (detailId) return <PayoutDetail withdrawalId={detailId} />
  const outcome = result ? outcomeText(result) : null

  return (
    <div>
      <div className="screen-head">
        <h1>Payouts</h1>
        <span className="spacer" />
        <button type="button" onClick={() => setTick((t) => t + 1)}>
          Refresh
        </button>
        <button type="button" disabled={step.kind !== 'list'} onClick={() => setStep({ kind: 'batch' })}>
          Batch from CSV
        </button>
        <button
          type="button"
          className="primary"
          disabled={step.kind !== 'list'}
          onClick={() => {
            setResult(null)
            setStep({ kind: 'form', draft: null })
          }}
        >
          New payout
        </button>
      </div>
      <OutboxPanel onResolved={() => setTick((t) => t + 1)} />
      {step.kind === 'batch' ? <BatchScreen onClose={() => (setStep({ kind: 'list' }), setTick((t) => t + 1))} /> : null}
      {step.kind === 'form' ? (
        <PayoutForm initial={step.draft} onCancel={() => setStep({ kind: 'list' })} onReview={(draft) => setStep({ kind: 'review', draft })} />
      ) : null}
      {step.kind === 'review' ? (
        <PayoutReview
          draft={step.draft}
          onBack={() => setStep({ kind: 'form', draft: step.draft })}
          onDone={(r) => {
            setResult(r)
            setStep({ kind: 'list' })
            setTick((t) => t + 1)
          }}
        />
      ) : null}
      {outcome && result ? (
        <div className={`notice ${outcome.tone}`} role="status" data-testid="payout-outcome">
          <p>{outcome.text}</p>
          {result.withdrawal ? (
            <button type="button" className="link" onClick={() => go('payouts', result.withdrawal!.id)}>
              Follow this payout
            </button>
          ) : null}
        </div>
      ) : null}
      <WithdrawalList reloadTick={tick} />
    </div>
  )
}
