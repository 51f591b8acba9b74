import { ageText, waitedMs } from '../format/age'
import { useNow } from './useNow'

const TONE: Record<string, string> = {
  completed: 'good',
  approved: 'info',
  processing: 'info',
  received: 'neutral',
  pending_approval: 'wait',
  rejected: 'bad',
  failed: 'bad',
  expired: 'bad',
  cancelled: 'neutral',
  unknown: 'wait',
}

export function statusLabel(status: string): string {
  return status.replaceAll('_', ' ')
}

/** A status in words; one waiting for approval says how long it has waited since `since` (the request). */
export function StatusChip({ status, since }: { status: string; since?: string }) {
  const chip = <span className={`chip chip-${TONE[status] ?? 'neutral'}`}>{statusLabel(status)}</span>
  if (status !== 'pending_approval' || since === undefined) return chip
  return (
    <span>
      {chip} <WaitedFor since={since} />
    </span>
  )
}

export function WaitedFor({ since }: { since: string }) {
  const now = useNow()
  return (
    <span className="small muted" data-testid="waited">
      for {ageText(waitedMs(since, now))}
    </span>
  )
}
