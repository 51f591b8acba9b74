import { untrustedForEditing } from '@shared/text/untrusted-text'
import { useState } from 'react'
import { NOTE_MAX, NoteSchema } from '@shared/payouts/payout-notes'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { UserText } from '../../names/UserText'
import { CanWrite } from '../../components/CanWrite'

/** The payout's private note: kept in this profile's store only, editable at any time, found by the search. */
export function PayoutNote({ payoutId }: { payoutId: string }) {
  const hits = useDeskQuery('payouts.search', { text: payoutId })
  const hit = hits.data?.find((h) => h.payoutId === payoutId)
  const [draft, setDraft] = useState<string | null>(null)
  const action = useAction()
  const setNote = useDeskMutation('payouts.setNote')
  if (!hit) return null
  const checked = draft === null ? null : NoteSchema.safeParse(draft.trim())
  const problem = checked && !checked.success ? (checked.error.issues[0]?.message ?? 'not allowed') : null

  const save = async () => {
    if (draft === null || problem) return
    const saved = await action.run(() => setNote.mutateAsync({ ref: payoutId, note: draft.trim() }))
    if (saved) setDraft(null)
  }

  return (
    <section className="panel" aria-label="Note">
      <h2>Note</h2>
      {draft === null ? (
        <>
          {hit.note ? (
            <p className="note-text" data-testid="payout-note">
              <UserText>{hit.note}</UserText>
            </p>
          ) : (
            <p className="muted">No note. Only this desk sees a note; it is never sent.</p>
          )}
          <CanWrite>
            <button type="button" onClick={() => setDraft(untrustedForEditing(hit.note))}>
              {hit.note ? 'Edit note' : 'Add note'}
            </button>
          </CanWrite>
        </>
      ) : (
        <>
          <Field label="Private note" error={problem} hint={`Kept on this desk only. Up to ${NOTE_MAX} characters.`}>
            <textarea rows={3} value={draft} onChange={(e) => setDraft(e.target.value)} autoFocus />
          </Field>
          {action.error ? <ErrorBox error={action.error} title="The note was not saved" /> : null}
          <div className="actions">
            <button type="button" onClick={() => setDraft(null)} disabled={action.busy}>
              Cancel
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => void save()}
              disabled={action.busy || problem !== null}
            >
              Save note
            </button>
          </div>
        </>
      )}
    </section>
  )
}
