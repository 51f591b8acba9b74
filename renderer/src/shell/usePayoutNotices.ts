import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Counterparty, Withdrawal } from '@shared/api/resources'
import { on } from '../desk'
import { deskKey } from '../data/desk-keys'
import { formatDecimal } from '../format/decimal'
import { shownLine } from '@shared/text/visible-text'
import { currentProfileId } from '../data/profiles'
import { NoticeGrouper } from './notice-grouper'
import { notify } from './notify'

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
 * Several reaching the same status together (a batch approved at once) are one notice.
 */
export function usePayoutNotices(): void {
  const client = useQueryClient()
  useEffect(() => {
    const grouper = new NoticeGrouper<Withdrawal>((status, payouts) => {
      const word = TOLD[status]!
      if (payouts.length > 1) {
        notify({ id: `payouts-${status}-${payouts[0]!.id}`, text: shownLine`${payouts.length} payouts ${word}.`, section: 'payouts', detailId: null })
        return
      }
      const w = payouts[0]!
      const book = client.getQueryData<Counterparty[]>(deskKey('counterparties.list', {}))
      const to = book?.find((c) => c.network === w.network && c.address.toLowerCase() === w.destination.toLowerCase())?.label
      notify({
        id: `payout-${w.id}-${w.status}`,
        text: to ? shownLine`Payout of ${formatDecimal(w.amount)} ${w.asset} to ${to} ${word}.` : shownLine`Payout of ${formatDecimal(w.amount)} ${w.asset} ${word}.`,
        section: 'payouts',
        detailId: w.id,
      })
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
