import { ErrorBox } from '../../components/ErrorBox'
import { Loading } from '../../components/Loading'
import { ScreenHead } from '../../components/ScreenHead'
import { useDeskQuery } from '../../data/useDeskQuery'
import { AddChannelForm } from './AddChannelForm'
import { ChannelTable } from './ChannelTable'
import { NotifySettingsForm } from './NotifySettingsForm'

/**
 * Where the profile's approvers are told of payouts waiting for them (Slack, a webhook, email, the system
 * notification), with each channel's last error; and when they are reminded, escalated and sent a digest.
 */
export function NotificationsScreen() {
  const list = useDeskQuery('notify.list', {})
  return (
    <div className="screen">
      <ScreenHead>
        <h1>Notifications</h1>
      </ScreenHead>
      <p className="muted small">
        Approvers are told once of each payout, batch or pay run waiting for them, where they already work. A message
        names the amount, the payee, the wallet and the approver words, and links the provider&apos;s console when the
        desk knows it: it never holds a link that approves. Webhook URLs and SMTP passwords stay in the OS keychain.
      </p>
      {list.error ? (
        <ErrorBox error={list.error} title="The channels could not be read" onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading what="the notification channels" />
      ) : (
        <>
          <ChannelTable channels={list.data.channels} />
          <AddChannelForm />
          <NotifySettingsForm settings={list.data.settings} />
        </>
      )}
    </div>
  )
}
