import { useState } from 'react'
import type { ChannelInput } from '@shared/ipc/channels'
import { CanWrite } from '../../components/CanWrite'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'

type Kind = ChannelInput<'notify.add'>['target']['kind']

/** Adds a channel: its URL or SMTP URL goes straight to the keychain through the core; this form keeps no copy. */
export function AddChannelForm() {
  const add = useDeskMutation('notify.add')
  const action = useAction()
  const [kind, setKind] = useState<Kind>('slack')
  const [url, setUrl] = useState('')
  const [to, setTo] = useState('')
  const [name, setName] = useState('')
  const [escalation, setEscalation] = useState(false)
  const target = (): ChannelInput<'notify.add'>['target'] =>
    kind === 'email' ? { kind, to, smtp: url } : kind === 'os' ? { kind } : { kind, url }
  const save = async () => {
    const done = await action.run(() =>
      add.mutateAsync({ target: target(), name: name.trim() || undefined, escalation }),
    )
    if (!done) return
    setUrl('')
    setTo('')
    setName('')
  }
  return (
    <CanWrite admin>
      <form
        className="panel"
        aria-label="Add a channel"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <h2>Add a channel</h2>
        <Field label="Kind">
          <select value={kind} onChange={(e) => setKind(e.target.value as Kind)} data-testid="notify-kind">
            <option value="slack">Slack incoming webhook</option>
            <option value="webhook">Webhook (JSON: Teams workflows, chat bridges)</option>
            <option value="email">Email over SMTP</option>
            <option value="os">System notification (this app)</option>
          </select>
        </Field>
        {kind === 'email' ? (
          <Field label="Send to">
            <input type="email" value={to} onChange={(e) => setTo(e.target.value)} autoComplete="off" />
          </Field>
        ) : null}
        {kind !== 'os' ? (
          <Field
            label={kind === 'email' ? 'SMTP URL' : 'Webhook URL'}
            hint={
              kind === 'email'
                ? 'smtps://user:password@host:465 (TLS) or smtp://user:password@host:587 (STARTTLS)'
                : 'https:// (plain http:// only on this machine); kept in the OS keychain'
            }
          >
            <input type="password" value={url} onChange={(e) => setUrl(e.target.value)} autoComplete="off" />
          </Field>
        ) : null}
        <Field label="Name (optional)">
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={64} />
        </Field>
        <label className="small">
          <input type="checkbox" checked={escalation} onChange={(e) => setEscalation(e.target.checked)} /> Escalation
          list: told only when nobody has approved in time
        </label>
        <div className="row">
          <button type="submit" disabled={action.busy}>
            Add channel
          </button>
        </div>
        {action.error ? <ErrorBox error={action.error} title="The channel was not added" /> : null}
      </form>
    </CanWrite>
  )
}
