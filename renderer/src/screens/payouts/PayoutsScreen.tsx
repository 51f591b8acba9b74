import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useEscape } from '../../components/useEscape'
import { markOld } from '../../data/desk-events'
import { useCanWrite } from '../../components/CanWrite'
import { NEW_BATCH_VIEW, useNav } from '../../stores/nav'
import { usePayoutPrefill } from '../../stores/payout-prefill'
import { HeldPanel } from './HeldPanel'
import { OutboxPanel } from './OutboxPanel'
import { WaitingPanel } from './WaitingPanel'
import { ConsolePanel } from './ConsolePanel'
import { PayoutDetail } from './PayoutDetail'
import { PayoutForm, type PayoutDraft } from './PayoutForm'
import { PayoutOutcome } from './PayoutOutcome'
import { PayoutReview, type RequestResult } from './PayoutReview'
import { TestPayoutsPanel } from './TestPayoutsPanel'
import { WithdrawalList } from './WithdrawalList'

type Step =
  | { kind: 'list' }
  | { kind: 'form'; draft: PayoutDraft | null }
  | { kind: 'review'; draft: PayoutDraft; restOf?: string }

export function PayoutsScreen() {
  const detailId = useNav((s) => s.detailId)
  const go = useNav((s) => s.go)
  // "Pay this destination" lands here with the form open and the destination chosen. The choice is read while
  // rendering but cleared only once the screen is on the page: the screen's first render follows its lazy chunk and
  // can be thrown away and started again (another update arriving meanwhile), and a choice cleared by the discarded
  // render left the second one on the list.
  const [preferred] = useState(() => usePayoutPrefill.getState().destinationId)
  useEffect(() => {
    if (preferred) usePayoutPrefill.getState().set(null)
  }, [preferred])
  // A viewer's seat: no way to start a payout or a batch (the core refuses them too).
  const canWrite = useCanWrite()
  const [step, setStep] = useState<Step>(preferred && canWrite ? { kind: 'form', draft: null } : { kind: 'list' })
  const [result, setResult] = useState<RequestResult | null>(null)
  const client = useQueryClient()
  if (detailId) return <PayoutDetail withdrawalId={detailId} />

  return (
    <div>
      <div className="screen-head">
        <h1>Payouts</h1>
        <span className="spacer" />
        <button
          type="button"
          onClick={() => {
            void markOld(client, ['withdrawals.list', 'payouts.outbox'])
          }}
        >
          Refresh
        </button>
        {canWrite ? (
          <button type="button" disabled={step.kind !== 'list'} onClick={() => go('batches', null, NEW_BATCH_VIEW)}>
            Batch from CSV
          </button>
        ) : null}
        {canWrite ? (
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
        ) : null}
      </div>
      <HeldPanel />
      <OutboxPanel />
      <WaitingPanel />
      <TestPayoutsPanel
        onReviewRest={(draft, testKey) => {
          setResult(null)
          setStep({ kind: 'review', draft, restOf: testKey })
        }}
      />
      <ConsolePanel />
      {step.kind === 'form' ? <ClosesOnEscape onClose={() => setStep({ kind: 'list' })} /> : null}
      {step.kind === 'form' ? (
        <PayoutForm
          initial={step.draft}
          preferredDestinationId={preferred}
          onCancel={() => setStep({ kind: 'list' })}
          onReview={(draft) => setStep({ kind: 'review', draft })}
        />
      ) : null}
      {step.kind === 'review' ? (
        <PayoutReview
          draft={step.draft}
          restOf={step.restOf}
          onBack={() => setStep(step.restOf ? { kind: 'list' } : { kind: 'form', draft: step.draft })}
          onDone={(r) => {
            setResult(r)
            setStep({ kind: 'list' })
          }}
        />
      ) : null}
      {result ? <PayoutOutcome result={result} /> : null}
      <WithdrawalList />
    </div>
  )
}

/** Escape closes the payout form as Cancel does (the review closes itself the same way). */
function ClosesOnEscape({ onClose }: { onClose: () => void }) {
  useEscape(onClose)
  return null
}
