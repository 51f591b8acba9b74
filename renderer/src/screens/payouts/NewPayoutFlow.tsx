import { useEffect, useRef } from 'react'
import { useEscape } from '../../components/useEscape'
import { ActionBar } from '../../components/ActionBar'
import { usePayoutTyping } from '../../stores/payout-typing'
import { PayoutForm, type PayoutDraft } from './PayoutForm'
import { OutboxPanel } from './OutboxPanel'
import { PayoutOutcome } from './PayoutOutcome'
import { PayoutReview, type RequestResult } from './PayoutReview'
import type { PayoutTab } from './PayoutTabs'
import { ScreenHead } from '../../components/ScreenHead'

export type FlowStep =
  | { kind: 'form'; draft: PayoutDraft | null }
  | { kind: 'review'; draft: PayoutDraft; restOf?: string }
  | { kind: 'requested'; result: RequestResult }

/** Each step's name in the indicator and its heading, the page's one heading while the step is shown. */
const STEPS = [
  { kind: 'form', title: 'New payout', heading: 'New payout' },
  { kind: 'review', title: 'Review', heading: 'Review the payout' },
  { kind: 'requested', title: 'Requested', heading: 'Payout requested' },
] as const

interface Props {
  step: FlowStep
  onStep: (step: FlowStep) => void
  /** Back to the tabs (the one it came from, unless named); what was typed stays for the next New payout. */
  onLeave: (tab?: PayoutTab) => void
  preferredDestinationId: string | null
}

/**
 * New payout → Review → Requested, a page of its own: nothing of the lists above or beside it, one heading a step.
 * Escape and "Back to payouts" leave with the typing kept; Cancel leaves and forgets it; a request made forgets it too.
 */
export function NewPayoutFlow({ step, onStep, onLeave, preferredDestinationId }: Props) {
  const at = STEPS.findIndex((s) => s.kind === step.kind)
  const heading = useRef<HTMLHeadingElement>(null)
  // The review replaces the form the user was on: focus moves to its heading, so its facts are read before its button.
  useEffect(() => {
    if (step.kind === 'review') heading.current?.focus()
  }, [step.kind])
  return (
    <div data-testid="payout-flow">
      <ScreenHead>
        <h1 ref={heading} tabIndex={-1}>
          {STEPS[at]!.heading}
        </h1>
        <span className="spacer" />
        {/* The review has its own Back, which waits for a request in flight. */}
        {step.kind === 'review' ? null : (
          <button type="button" onClick={() => onLeave()}>
            Back to payouts
          </button>
        )}
      </ScreenHead>
      <ol className="flow-steps" aria-label="Steps">
        {STEPS.map((s, i) => (
          <li
            key={s.kind}
            aria-current={i === at ? 'step' : undefined}
            className={i < at ? 'done' : i === at ? 'current' : undefined}
          >
            {s.title}
          </li>
        ))}
      </ol>
      {step.kind === 'form' ? <ClosesOnEscape onClose={() => onLeave()} /> : null}
      {step.kind === 'form' ? (
        <PayoutForm
          initial={step.draft}
          preferredDestinationId={preferredDestinationId}
          onCancel={() => {
            usePayoutTyping.getState().clear()
            onLeave()
          }}
          onReview={(draft) => onStep({ kind: 'review', draft })}
        />
      ) : null}
      {step.kind === 'review' ? (
        <PayoutReview
          draft={step.draft}
          restOf={step.restOf}
          onBack={() => (step.restOf ? onLeave() : onStep({ kind: 'form', draft: step.draft }))}
          onDone={(result) => {
            usePayoutTyping.getState().clear()
            onStep({ kind: 'requested', result })
          }}
        />
      ) : null}
      {step.kind === 'requested' ? (
        <>
          <ClosesOnEscape onClose={() => onLeave('history')} />
          <PayoutOutcome result={step.result} />
          {/* A request whose fate is unknown is settled here, where it was made (Check again, Send again). */}
          <OutboxPanel />
          <ActionBar>
            <button type="button" onClick={() => onLeave('history')}>
              Open history
            </button>
            <button type="button" className="primary" onClick={() => onStep({ kind: 'form', draft: null })}>
              New payout
            </button>
          </ActionBar>
        </>
      ) : null}
    </div>
  )
}

/** Escape leaves the form or the result as "Back to payouts" does (the review goes back a step itself). */
function ClosesOnEscape({ onClose }: { onClose: () => void }) {
  useEscape(onClose)
  return null
}
