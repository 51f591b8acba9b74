import type { CounterpartyView } from '@shared/ipc/views'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Withdrawal } from '@shared/api/resources'
import { on } from '../desk'
import { deskKey } from '../data/desk-keys'
import { formatDecimal } from '../format/decimal'
import { shownLine } from '@shared/text/visible-text'
import { currentProfileId } from '../data/profiles'
import { NoticeGrouper } from './notice-grouper'
import { notify } from './notify'
import { payoutNotice } from './payout-burst'
import { useNotices } from '../stores/notices'

/** The outcomes a treasurer waits for; the steps in between (received, processing) are not worth an interruption. */
const TOLD: Readonly<Record<string, string>> = {
  approved: 'approved',
  rejected: 'rejected',
  failed: 'failed',
  expired: 'expired',
  completed: 'completed',
}

/**
 * Announces a payout that reached one of those statuses, with the destination's label when the book is cached.
 * Several reaching the same status together or within a burst (a batch approved at once, completions read one by
 * one) are one notice that sums them, with each payout in its details.
 */
export function usePayoutNotices(): void {
  const client = useQueryClient()
  useEffect(() => {
    const grouper = new NoticeGrouper<Withdrawal>((status, payouts) => {
      const book = client.getQueryData<CounterpartyView[]>(deskKey('counterparties.list', {}))
      const lines = payouts.map((w) => {
        const to = book?.find(
          (c) => c.network === w.network && c.address.toLowerCase() === w.destination.toLowerCase(),
        )?.label
        const text = to
          ? shownLine`Payout of ${formatDecimal(w.amount)} ${w.asset} to ${to}`
          : shownLine`Payout of ${formatDecimal(w.amount)} ${w.asset}`
        return { text, detailId: w.id }
      })
      notify(payoutNotice(status, TOLD[status]!, lines, useNotices.getState().items, Date.now()))
    })
    const stop = on('withdrawal.updated', (e) => {
      const word = TOLD[e.withdrawal.status]
      // A first sighting (no previous status) is a read, not a change.
      if (!word || e.previousStatus === null || e.previousStatus === e.withdrawal.status) return
      if (e.profileId !== currentProfileId(client)) return
      grouper.add(e.withdrawal.status, e.withdrawal)
    })
    return () => {
      stop()
      grouper.dispose()
    }
  }, [client])
}
