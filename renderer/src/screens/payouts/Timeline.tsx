import type { WithdrawalStatus } from '../../../../shared/api/resources'
import { statusLabel } from '../../components/StatusChip'

const PATH: WithdrawalStatus[] = ['received', 'pending_approval', 'approved', 'processing', 'completed']

/** Where each terminal outcome leaves the happy path. */
const LEFT_AFTER: Partial<Record<WithdrawalStatus, WithdrawalStatus>> = {
  rejected: 'pending_approval',
  cancelled: 'pending_approval',
  expired: 'pending_approval',
  failed: 'processing',
}

export function Timeline({ status }: { status: WithdrawalStatus }) {
  const leftAfter = LEFT_AFTER[status]
  const steps = leftAfter ? PATH.slice(0, PATH.indexOf(leftAfter) + 1) : PATH
  const reached = leftAfter ? steps.length - 1 : PATH.indexOf(status)
  return (
    <ol className="timeline" aria-label="Lifecycle" data-testid="timeline">
      {steps.map((s, i) => (
        <li key={s} className={i < reached || (i === reached && (s === 'completed' || leftAfter)) ? 'done' : i === reached ? 'current' : ''}>
          {statusLabel(s)}
          {i === reached && !leftAfter && s !== 'completed' ? ' (now)' : ''}
        </li>
      ))}
      {leftAfter ? <li className="bad current">{statusLabel(status)}</li> : null}
    </ol>
  )
}
