import { useState } from 'react'
import { DEFAULT_APPROVAL_REMINDER_MINUTES } from '@shared/ipc/channels/settings'
import { ErrorBox } from '../../components/ErrorBox'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'

/** The app setting: after how many minutes of waiting for approval a payout is reminded of (once). */
export function ReminderSetting() {
  const settings = useDeskQuery('settings.get', {})
  const setReminder = useDeskMutation('settings.setApprovalReminder')
  const action = useAction()
  const current = settings.data?.approvalReminderMinutes ?? DEFAULT_APPROVAL_REMINDER_MINUTES
  const [draft, setDraft] = useState<string | null>(null)
  const save = async () => {
    const saved = await action.run(() => setReminder.mutateAsync({ minutes: Number(draft) }))
    if (!saved) return
    setDraft(null)
  }
  return (
    <form
      className="row"
      aria-label="Approval reminder"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <label className="small">
        Remind me when a payout has waited{' '}
        <input
          type="number"
          min={1}
          max={10080}
          step={1}
          className="narrow"
          value={draft ?? String(current)}
          onChange={(e) => setDraft(e.target.value)}
          data-testid="reminder-minutes"
        />{' '}
        minutes
      </label>
      {draft !== null && draft !== String(current) ? (
        <button type="submit" disabled={action.busy}>
          Save
        </button>
      ) : null}
      {action.error ? <ErrorBox error={action.error} title="The reminder time was not saved" /> : null}
    </form>
  )
}
