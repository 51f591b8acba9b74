import { ageText, waitedMs } from '../format/age'
import { statusLabel, statusTone } from './status-words'
import { useNow } from './useNow'

export { statusLabel } from './status-words'

/**
 * A status as a chip, the one way every screen shows one: its tone from the one map, its words in sentence case
 * (the chip's style).
 * One waiting for approval says how long it has waited since `since` (the request).
 */
export function StatusChip({ status, since, title }: { status: string; since?: string; title?: string }) {
  const chip = (
    <span className={`chip chip-${statusTone(status)}`} title={title}>
      {statusLabel(status)}
    </span>
  )
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
