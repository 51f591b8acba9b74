import { useState, type FormEvent } from 'react'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useCanWrite } from '../../components/CanWrite'
import { useLockStatus } from '../../data/lock'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'

/**
 * Settings › Lock: the desk's idle lock and re-ask minutes, for every profile (`desk set` in the CLI). Shown once the
 * desk has people (without them nothing locks); an admin changes them, the core checks the range.
 */
export function LockTimesPanel() {
  const enabled = useLockStatus().data?.enabled === true
  const admin = useCanWrite(true)
  const times = useDeskQuery('lock.times', {}, { enabled })
  const set = useDeskMutation('lock.setTimes')
  const { busy, error, run } = useAction()
  const [idle, setIdle] = useState<string | null>(null)
  const [reask, setReask] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  if (!enabled || !times.data) return null
  const current = times.data

  const save = async (e: FormEvent) => {
    e.preventDefault()
    setDone(null)
    const saved = await run(() =>
      set.mutateAsync({
        ...(idle === null ? {} : { idleMinutes: Number(idle) }),
        ...(reask === null ? {} : { reaskMinutes: Number(reask) }),
      }),
    )
    if (!saved) return
    setIdle(null)
    setReask(null)
    setDone('Saved: every profile of this desk uses them.')
  }

  return (
    <form className="panel" aria-labelledby="lock-times-heading" onSubmit={(e) => void save(e)}>
      <h3 id="lock-times-heading">Lock</h3>
      <div className="row">
        <Field label="Lock after idle minutes" hint="1 to 480; default 10.">
          <input
            type="number"
            min={1}
            max={480}
            step={1}
            className="narrow"
            readOnly={!admin}
            value={idle ?? String(current.idleMinutes)}
            onChange={(e) => setIdle(e.target.value)}
          />
        </Field>
        <Field label="Ask the passphrase again after minutes" hint="Before a production write; 1 to 60, default 5.">
          <input
            type="number"
            min={1}
            max={60}
            step={1}
            className="narrow"
            readOnly={!admin}
            value={reask ?? String(current.reaskMinutes)}
            onChange={(e) => setReask(e.target.value)}
          />
        </Field>
        {admin && (idle !== null || reask !== null) ? (
          <button type="submit" disabled={busy}>
            Save
          </button>
        ) : null}
      </div>
      <p role="status" className="small">
        {done}
      </p>
      {error ? <ErrorBox error={error} title="The lock times were not saved" /> : null}
    </form>
  )
}
