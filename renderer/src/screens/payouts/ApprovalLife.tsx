import { waitedOf } from '@shared/notify/notify-settings'
import { useNow } from '../../components/useNow'
import { useDeskQuery } from '../../data/useDeskQuery'

/** "1 h 40 of 2 h": how much of its approval's life a payout has waited, when the profile says how long that is. */
export function ApprovalLife({ since }: { since: string }) {
  const now = useNow()
  const hours = useDeskQuery('notify.list', {}).data?.settings.expiresAfterHours ?? null
  const text = waitedOf(now - Date.parse(since), hours)
  return text ? <span className="muted small"> ({text})</span> : null
}
