import type { ChannelOutput } from '@shared/ipc/channels'
import { CanWrite } from '../../components/CanWrite'
import { ErrorBox } from '../../components/ErrorBox'
import { Time } from '../../components/Time'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { UserText } from '../../names/UserText'
import { untrustedForEditing } from '@shared/text/untrusted-text'

type Channel = ChannelOutput<'notify.list'>['channels'][number]

const KIND_WORDS: Record<Channel['kind'], string> = {
  slack: 'Slack webhook',
  webhook: 'Webhook (JSON)',
  email: 'Email',
  os: 'System notification',
}

/** Each channel with the list it is on, its last success and last error; test or remove it. */
export function ChannelTable({ channels }: { channels: readonly Channel[] }) {
  const test = useDeskMutation('notify.test')
  const remove = useDeskMutation('notify.remove')
  const action = useAction()
  if (channels.length === 0)
    return <p className="muted small">No channel yet: add one below, then send it a test message.</p>
  return (
    <section className="panel" aria-label="Channels">
      <h2>Channels ({channels.length})</h2>
      <table className="grid" data-testid="notify-channels">
        <thead>
          <tr>
            <th>Name</th>
            <th>Kind</th>
            <th>Told of</th>
            <th>Last delivered</th>
            <th>Last error</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {channels.map((c) => (
            <tr key={c.id} data-testid="notify-channel-row">
              <td>
                <UserText>{c.name}</UserText>
                {c.recipient ? (
                  <span className="muted small">
                    {' '}
                    to <UserText>{c.recipient}</UserText>
                  </span>
                ) : null}
              </td>
              <td>{KIND_WORDS[c.kind]}</td>
              <td>{c.escalation ? 'Escalations' : 'Payouts, reminders, digest'}</td>
              <td className="small">{c.lastOkAt ? <Time value={c.lastOkAt} /> : '—'}</td>
              <td className="small">
                {c.lastError ? (
                  <span className={c.failingForADay ? 'warn' : undefined}>
                    {c.failingForADay ? 'Failing for a day: ' : ''}
                    {c.lastError}
                    {c.lastErrorAt ? (
                      <>
                        {' '}
                        (<Time value={c.lastErrorAt} />)
                      </>
                    ) : null}
                  </span>
                ) : (
                  '—'
                )}
              </td>
              <td>
                <CanWrite admin>
                  <button
                    type="button"
                    disabled={action.busy}
                    onClick={() => void action.run(() => test.mutateAsync({ name: untrustedForEditing(c.name) }))}
                  >
                    Send test
                  </button>{' '}
                  <button
                    type="button"
                    disabled={action.busy}
                    onClick={() => void action.run(() => remove.mutateAsync({ name: untrustedForEditing(c.name) }))}
                  >
                    Remove
                  </button>
                </CanWrite>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {test.data
        ? test.data.results.map((r, i) => (
            <p key={i} className="small" role="status">
              <UserText>{r.name}</UserText>: {r.delivered ? 'test delivered' : `not delivered: ${r.error ?? ''}`}
            </p>
          ))
        : null}
      {action.error ? <ErrorBox error={action.error} title="The channel was not changed" /> : null}
    </section>
  )
}
