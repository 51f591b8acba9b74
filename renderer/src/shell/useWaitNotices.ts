import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { EventPayload } from '@shared/ipc/events'
import { shownLine } from '@shared/text/visible-text'
import { on } from '../desk'
import { ageText, waitedMs } from '../format/age'
import { formatDecimal } from '../format/decimal'
import { currentProfileId } from '../data/profiles'
import { notify } from './notify'

/** The notice for what the core found waiting on the person; it decides when and tells each payout once. */
function waitNotice(e: EventPayload<'payouts.waiting'>) {
  const first = e.payouts[0]!
  const several = e.payouts.length > 1
  const amount = formatDecimal(first.amount)
  const detailId = several || e.kind === 'held' ? null : first.id
  if (e.kind === 'held') {
    return {
      id: `held-${first.id}-${e.payouts.length}`,
      tone: 'wait' as const,
      text: several
        ? shownLine`${e.payouts.length} agent payouts are held for you: release or reject them.`
        : shownLine`The agent's payout of ${amount} ${first.asset} is held for you: release or reject it.`,
      section: 'payouts' as const,
      detailId,
      view: 'held',
    }
  }
  const threshold = ageText(e.thresholdMinutes * 60_000)
  const waited = ageText(waitedMs(first.createdAt, Date.parse(e.at)))
  return {
    id: `waiting-${first.id}-${e.payouts.length}`,
    tone: 'wait' as const,
    text: several
      ? shownLine`${e.payouts.length} payouts have waited more than ${threshold} for approval in the console.`
      : shownLine`Payout of ${amount} ${first.asset} has waited ${waited} for approval in the console.`,
    section: 'payouts' as const,
    detailId,
    view: 'waiting',
  }
}

/** Shows the core's reminders of what waits on the person (approvals past the threshold, held agent payouts). */
export function useWaitNotices(): void {
  const client = useQueryClient()
  useEffect(
    () =>
      on('payouts.waiting', (e) => {
        if (e.profileId === currentProfileId(client)) notify(waitNotice(e))
      }),
    [client],
  )
}
