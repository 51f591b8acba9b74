import { useEffect, useRef, useState } from 'react'
import { useDeskQuery } from '../data/useDeskQuery'
import { notify } from '../shell/notify'
import { verificationDelay } from './backoff'
import { ownerName } from '../names/owner-name'
import { shownLine } from '@shared/text/visible-text'
import { readDesk } from '../data/read-desk'
import { withInstants } from '../format/core-times'
import { useTimeZone } from '../stores/time-zone'

/**
 * While a screen that needs it is open, re-reads the destination book in the background as long as some destination
 * waits for verification (with backoff, so a slow console costs few requests), and says when one becomes usable.
 */
export function useVerificationWatch(): void {
  const book = useDeskQuery('counterparties.list', {})
  const waiting = (book.data ?? []).filter((c) => !c.can_send).map((c) => c.id)
  const waitingKey = waiting.join(',')
  const seenWaiting = useRef<Set<string> | null>(null)
  // The backoff belongs to one set of waiting destinations: when that set changes, it starts over.
  const [backoff, setBackoff] = useState({ key: '', attempt: 0 })
  const attempt = backoff.key === waitingKey ? backoff.attempt : 0
  const refetch = book.refetch

  useEffect(() => {
    if (!book.data) return
    const before = seenWaiting.current
    seenWaiting.current = new Set(book.data.filter((c) => !c.can_send).map((c) => c.id))
    for (const c of book.data) {
      if (!c.can_send || !before?.has(c.id)) continue
      const name = c.label || ownerName(c)
      // Verified is not yet payable when the address is a payee's new one: the notice says what the review will.
      void readDesk('payees.changeOf', { destinationId: c.id })
        .then((change) =>
          change?.blocked
            ? shownLine`“${name}” is verified, but payouts to it are stopped by the payee-change check: ${withInstants(
                change.blocked,
                useTimeZone.getState().zone,
              )}.`
            : shownLine`“${name}” is verified and can receive payouts.`,
        )
        .catch(() => shownLine`“${name}” is verified; its page says whether it can be paid.`)
        .then((text) => notify({ id: `destination-${c.id}`, text, section: 'destinations', detailId: c.id }))
    }
  }, [book.data])

  useEffect(() => {
    if (!waitingKey) return
    const timer = window.setTimeout(() => {
      void refetch()
      setBackoff({ key: waitingKey, attempt: attempt + 1 })
    }, verificationDelay(attempt))
    return () => window.clearTimeout(timer)
  }, [waitingKey, attempt, refetch])
}
