import { useState } from 'react'
import type { ChannelOutput } from '@shared/ipc/channels'
import { parseQuiet, timeZoneProblem } from '@shared/notify/notify-settings'
import { CanWrite } from '../../components/CanWrite'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'

type Settings = ChannelOutput<'notify.list'>['settings']

/** Reminder, escalation, digest, quiet hours in a time zone, and how long the console keeps an approval open. */
export function NotifySettingsForm({ settings }: { settings: Settings }) {
  const set = useDeskMutation('notify.set')
  const action = useAction()
  const [remind, setRemind] = useState(String(settings.remindAfterMinutes))
  const [escalate, setEscalate] = useState(String(settings.escalateAfterMinutes))
  const [digest, setDigest] = useState(settings.digestAt ?? '')
  const [quiet, setQuiet] = useState(settings.quiet ? `${settings.quiet.from}-${settings.quiet.to}` : '')
  const [zone, setZone] = useState(settings.timeZone)
  const [expires, setExpires] = useState(settings.expiresAfterHours === null ? '' : String(settings.expiresAfterHours))
  const quietParsed = quiet.trim() === '' ? null : parseQuiet(quiet)
  const quietError = quietParsed && 'problem' in quietParsed ? quietParsed.problem : null
  const zoneError = timeZoneProblem(zone.trim())
  const save = () =>
    void action.run(() =>
      set.mutateAsync({
        remindAfterMinutes: Number(remind),
        escalateAfterMinutes: Number(escalate),
        digestAt: digest.trim() === '' ? null : digest.trim(),
        quiet: quietParsed && !('problem' in quietParsed) ? quietParsed : null,
        timeZone: zone.trim(),
        expiresAfterHours: expires.trim() === '' ? null : Number(expires),
      }),
    )
  return (
    <form
      className="panel"
      aria-label="Reminders"
      onSubmit={(e) => {
        e.preventDefault()
        save()
      }}
    >
      <h2>Reminders</h2>
      <Field label="Remind approvers after (minutes)">
        <input type="number" min={1} max={10080} value={remind} onChange={(e) => setRemind(e.target.value)} />
      </Field>
      <Field label="Escalate after (minutes)">
        <input type="number" min={1} max={10080} value={escalate} onChange={(e) => setEscalate(e.target.value)} />
      </Field>
      <Field label="Daily digest at (HH:MM, empty: none)">
        <input value={digest} onChange={(e) => setDigest(e.target.value)} placeholder="09:00" />
      </Field>
      <Field label="Quiet hours (HH:MM-HH:MM, empty: none)" error={quietError}>
        <input value={quiet} onChange={(e) => setQuiet(e.target.value)} placeholder="22:00-07:00" />
      </Field>
      <Field label="Time zone" error={zoneError}>
        <input value={zone} onChange={(e) => setZone(e.target.value)} placeholder="Europe/Berlin" />
      </Field>
      <Field label="The console expires an approval after (hours, empty: unknown)">
        <input type="number" min={0.1} step="any" value={expires} onChange={(e) => setExpires(e.target.value)} />
      </Field>
      <CanWrite admin>
        <button type="submit" disabled={action.busy || quietError !== null || zoneError !== null}>
          Save reminders
        </button>
      </CanWrite>
      {action.error ? <ErrorBox error={action.error} title="The reminders were not saved" /> : null}
    </form>
  )
}
