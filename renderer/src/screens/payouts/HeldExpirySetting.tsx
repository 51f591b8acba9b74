import { useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'

/** The profile's time after which a held agent payout expires (held_expired) with nobody's decision. */
export function HeldExpirySetting() {
  const expiry = useDeskQuery('held.expiry', {})
  const setExpiry = useDeskMutation('held.setExpiry')
  const action = useAction()
  const [draft, setDraft] = useState<string | null>(null)
  if (!expiry.data) return null
  const current = String(expiry.data.hours)
  const save = async () => {
    const saved = await action.run(() => setExpiry.mutateAsync({ hours: Number(draft) }))
    if (!saved) return
    setDraft(null)
  }
  return (
    <form
      className="row"
      aria-label="Held payout expiry"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <label className="small">
        A held payout expires after{' '}
        <input
          type="number"
          min={1}
          max={720}
          step={1}
          className="narrow"
          value={draft ?? current}
          onChange={(e) => setDraft(e.target.value)}
          data-testid="held-expiry-hours"
        />{' '}
        hours; the agent is then told it expired, and nothing is sent.
      </label>
      {draft !== null && draft !== current ? (
        <button type="submit" disabled={action.busy}>
          Save
        </button>
      ) : null}
      {action.error ? <ErrorBox error={action.error} title="The expiry time was not saved" /> : null}
    </form>
  )
}
