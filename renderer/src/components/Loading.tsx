import { useState } from 'react'
import { useDeskQuery } from '../data/useDeskQuery'
import { slowReadNote, SLOW_READ_MS } from './slow-read'
import { useNow } from './useNow'

/**
 * "Loading …", and once it is slow, for how long and why. `paced` marks a read from the provider, which waits for the
 * request budget: the budget is read then (not before, and not for local reads such as the profiles).
 */
export function Loading({ what, paced = false }: { what: string; paced?: boolean }) {
  const [since] = useState(() => Date.now())
  const now = useNow(1_000)
  const slow = now - since >= SLOW_READ_MS
  const pacing = useDeskQuery('pacing.status', {}, { enabled: paced && slow, refetchInterval: 5_000 })
  const note = slowReadNote(what, now - since, paced ? pacing.data : undefined)
  return (
    <p className="muted" role="status" data-testid="loading">
      {note ?? `Loading ${what}…`}
    </p>
  )
}
