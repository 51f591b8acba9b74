import { useDeskQuery } from '../data/useDeskQuery'
import { UserText } from '../names/UserText'
import { useNav } from '../stores/nav'

/** Home's line about a notification channel that has failed for a day: approvers may not be hearing of payouts. */
export function FailingChannels() {
  const list = useDeskQuery('notify.list', {})
  const go = useNav((s) => s.go)
  const failing = list.data?.channels.filter((c) => c.failingForADay) ?? []
  if (failing.length === 0) return null
  return (
    <div className="notice warn" role="status" data-testid="notify-failing">
      {failing.map((c) => (
        <p key={c.id} className="small">
          The notification channel <UserText>{c.name}</UserText> has failed for a day ({c.lastError ?? 'no answer'}):
          approvers may not be told of payouts waiting for them.{' '}
          <button type="button" className="link" onClick={() => go('notifications')}>
            Open Notifications
          </button>
        </p>
      ))}
    </div>
  )
}
