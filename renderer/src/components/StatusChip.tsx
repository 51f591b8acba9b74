import { ageText, waitedMs } from '../format/age'
import { statusLabel, statusTone } from './status-words'
import { useNow } from './useNow'

export { statusLabel } from './status-words'

/**
 * A status as a chip, the one way every screen shows one: its tone from the one map, its words in sentence case
 * (the chip's style).
 * One waiting for approval says how long it has waited since `since` (the request).
 */
export function StatusChip({
  status,
  since,
  title,
  oneLine = false,
}: {
  status: string
  since?: string
  title?: string
  /** A one-line table row: the wait is the chip's tooltip and what a screen reader reads after it. */
  oneLine?: boolean
}) {
  if (oneLine && status === 'pending_approval' && since !== undefined) return <WaitingChip since={since} />
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

/** A payout waiting for approval as one chip: how long it has waited in its tooltip, and read after its words. */
function WaitingChip({ since }: { since: string }) {
  const now = useNow()
  const waited = `for ${ageText(waitedMs(since, now))}`
  return (
    <span
      className={`chip chip-${statusTone('pending_approval')}`}
      title={`${statusLabel('pending_approval')} ${waited}`}
    >
      {statusLabel('pending_approval')}
      <span className="sr-only" data-testid="waited">
        {' '}
        {waited}
      </span>
    </span>
  )
}
