import { useState, type FormEvent } from 'react'
import { CanWrite } from '../../components/CanWrite'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'

/**
 * Locks the month as the person at the desk and writes its pack to a chosen folder; while something stands in the
 * way, only with a sign-off note (`close lock --accept-differences --note` in the CLI).
 */
export function LockMonth({ period, clear }: { period: string; clear: boolean }) {
  const lock = useDeskMutation('close.lock')
  const { busy, error, run } = useAction()
  const [note, setNote] = useState('')
  const [done, setDone] = useState<string | null>(null)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setDone(null)
    const r = await run(() => lock.mutateAsync({ period, ...(clear ? {} : { acceptNote: note.trim() }) }))
    if (r?.folder) setDone(`Locked ${r.period}: ${r.files} files written to ${r.folder}.`)
  }
  return (
    <CanWrite>
      <form aria-label={`Lock ${period}`} onSubmit={(e) => void submit(e)}>
        {clear ? null : (
          <Field label="Sign-off note" hint="Why the month is locked with what stands in the way (audited).">
            <textarea value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
        )}
        <button type="submit" disabled={busy || (!clear && note.trim() === '')}>
          {clear ? `Lock ${period}` : `Lock ${period} with the sign-off`}
        </button>
        {error ? <ErrorBox error={error} /> : null}
        {done ? <p role="status">{done}</p> : null}
      </form>
    </CanWrite>
  )
}

/** Reopens a locked month with the person's reason (audited); says which pack the next lock replaces. */
export function ReopenMonth({ period }: { period: string }) {
  const reopen = useDeskMutation('close.reopen')
  const { busy, error, run } = useAction()
  const [reason, setReason] = useState('')
  const [done, setDone] = useState<string | null>(null)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const r = await run(() => reopen.mutateAsync({ period, reason: reason.trim() }))
    if (r) setDone(`Reopened: the next lock replaces the pack ${r.replaces.slice(0, 16)}….`)
  }
  return (
    <CanWrite>
      <form aria-label={`Reopen ${period}`} onSubmit={(e) => void submit(e)}>
        <Field label={`Reason to reopen ${period}`}>
          <input value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <button type="submit" disabled={busy || reason.trim() === ''}>
          Reopen
        </button>
        {error ? <ErrorBox error={error} /> : null}
        {done ? <p role="status">{done}</p> : null}
      </form>
    </CanWrite>
  )
}
