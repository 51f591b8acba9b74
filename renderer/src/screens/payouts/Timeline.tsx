import type { WithdrawalStatus } from '@shared/api/resources'
import { statusLabel } from '../../components/StatusChip'

const PATH: WithdrawalStatus[] = ['received', 'pending_approval', 'approved', 'processing', 'completed']

/** Where each terminal outcome leaves the happy path. */
const LEFT_AFTER: Partial<Record<WithdrawalStatus, WithdrawalStatus>> = {
  rejected: 'pending_approval',
  cancelled: 'pending_approval',
  expired: 'pending_approval',
  failed: 'processing',
}

type StepState = 'done' | 'current' | 'todo' | 'ended' | 'completed'

const SPOKEN: Record<StepState, string> = {
  done: 'done',
  current: 'current step',
  todo: 'not reached',
  ended: 'final outcome',
  completed: 'final outcome',
}

/**
 * The lifecycle as a vertical timeline: passed steps, the current one, those not reached, and a terminal failure as the
 * last step.
 */
export function Timeline({ status }: { status: WithdrawalStatus }) {
  const leftAfter = LEFT_AFTER[status]
  const steps: Array<{ status: WithdrawalStatus; state: StepState }> = leftAfter
    ? [
        ...PATH.slice(0, PATH.indexOf(leftAfter) + 1).map((s) => ({ status: s, state: 'done' as const })),
        { status, state: 'ended' },
      ]
    : PATH.map((s, i) => {
        const at = PATH.indexOf(status)
        const state: StepState = i < at ? 'done' : i > at ? 'todo' : s === 'completed' ? 'completed' : 'current'
        return { status: s, state }
      })
  return (
    <ol className="timeline" aria-label="Lifecycle" data-testid="timeline">
      {steps.map((s) => (
        <li
          key={s.status}
          className={`step-${s.state}`}
          data-state={s.state}
          aria-current={s.state === 'current' ? 'step' : undefined}
        >
          <span className="timeline-dot" aria-hidden="true">
            {s.state === 'done' || s.state === 'completed' ? '✓' : s.state === 'ended' ? '✕' : ''}
          </span>
          <span className="timeline-label">{statusLabel(s.status)}</span>
          <span className="sr-only"> ({SPOKEN[s.state]})</span>
        </li>
      ))}
    </ol>
  )
}
