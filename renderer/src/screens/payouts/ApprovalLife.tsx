import { waitedOf } from '@shared/notify/notify-settings'
import { WaitedFor } from '../../components/StatusChip'
import { useNow } from '../../components/useNow'
import { useDeskQuery } from '../../data/useDeskQuery'

/**
 * How long a payout has waited: "1 h 40 of 2 h" when the profile says how long an approval lives, else
 * "for 1 h 40 min". One of the two, never both, so a waiting row stays one line at 1280 px (issue 54).
 */
export function ApprovalLife({ since }: { since: string }) {
  const now = useNow()
  const hours = useDeskQuery('notify.list', {}).data?.settings.expiresAfterHours ?? null
  const text = waitedOf(now - Date.parse(since), hours)
  if (text === null) return <WaitedFor since={since} />
  return (
    <span className="small muted" data-testid="approval-life" title="Waited, of the time the console keeps it open">
      {text}
    </span>
  )
}
