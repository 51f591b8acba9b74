import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { markOld } from '../../data/desk-events'
import { useCanWrite } from '../../components/CanWrite'
import { NEW_BATCH_VIEW, NEW_PAYOUT_VIEW, useNav } from '../../stores/nav'
import { usePayoutPrefill } from '../../stores/payout-prefill'
import { usePayoutTyping } from '../../stores/payout-typing'
import { OutboxPanel } from './OutboxPanel'
import { PayoutDetail } from './PayoutDetail'
import { NewPayoutFlow, type FlowStep } from './NewPayoutFlow'
import { PayoutTabs, payoutTab, type PayoutTab } from './PayoutTabs'
import { ScreenHead } from '../../components/ScreenHead'

export function PayoutsScreen() {
  const detailId = useNav((s) => s.detailId)
  const view = useNav((s) => s.view)
  const go = useNav((s) => s.go)
  // "Pay this destination" opens the flow (#/payouts/new) with the destination chosen and nothing typed before. The
  // choice is read while rendering but cleared only once the screen is on the page: the screen's first render follows
  // its lazy chunk and can be thrown away and started again (another update arriving meanwhile), and a choice cleared
  // by the discarded render left the second one without it.
  const [preferred] = useState(() => {
    const id = usePayoutPrefill.getState().destinationId
    if (id) usePayoutTyping.getState().clear()
    return id
  })
  // Until the flow is left, Payouts without a view is that flow; the route is set to it once on the page.
  const [prefillOpen, setPrefillOpen] = useState(preferred !== null)
  useEffect(() => {
    if (!preferred) return
    usePayoutPrefill.getState().set(null)
    if (useNav.getState().view === null) useNav.getState().go('payouts', null, NEW_PAYOUT_VIEW)
  }, [preferred])
  // A viewer's seat: no way to start a payout or a batch (the core refuses them too).
  const canWrite = useCanWrite()
  const inFlow = canWrite && (view === NEW_PAYOUT_VIEW || (prefillOpen && view === null))
  const [step, setStep] = useState<FlowStep>({ kind: 'form', draft: null })
  // The tab the flow was opened from, where Back returns (History when the flow was opened from elsewhere).
  const [from, setFrom] = useState<PayoutTab>('history')
  const client = useQueryClient()
  if (detailId) return <PayoutDetail withdrawalId={detailId} />

  if (inFlow)
    return (
      <NewPayoutFlow
        step={step}
        onStep={setStep}
        onLeave={(tab) => {
          setStep({ kind: 'form', draft: null })
          setPrefillOpen(false)
          go('payouts', null, tab ?? from)
        }}
        preferredDestinationId={preferred}
      />
    )

  const openFlow = (next: FlowStep) => {
    setStep(next)
    setFrom(payoutTab(view))
    go('payouts', null, NEW_PAYOUT_VIEW)
  }
  return (
    <div>
      <ScreenHead>
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
          <button type="button" onClick={() => go('batches', null, NEW_BATCH_VIEW)}>
            Batch from CSV
          </button>
        ) : null}
        {canWrite ? (
          <button
            type="button"
            className="primary"
            aria-keyshortcuts="Control+N Meta+N"
            onClick={() => openFlow({ kind: 'form', draft: null })}
          >
            New payout
          </button>
        ) : null}
      </ScreenHead>
      <OutboxPanel />
      <PayoutTabs
        tab={payoutTab(view)}
        onTab={(tab) => go('payouts', null, tab)}
        onReviewRest={(draft, testKey) => openFlow({ kind: 'review', draft, restOf: testKey })}
      />
    </div>
  )
}
