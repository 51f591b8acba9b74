import { untrustedForEditing } from '@shared/text/untrusted-text'
import type { LegNoteView } from '@shared/ipc/views'
import { useState } from 'react'
import { splitTags, TAG_MAX, TAGS_MAX, TagsSchema } from '@shared/api/leg-notes'
import { NOTE_MAX, NoteSchema } from '@shared/payouts/payout-notes'
import { useDeskMutation } from '../data/useDeskMutation'
import { ErrorBox } from '../components/ErrorBox'
import { Field } from '../components/Field'
import { UserText } from '../names/UserText'
import { CanWrite } from '../components/CanWrite'

/** What the fields hold while editing: the note as typed and the tags as one comma-separated line. */
interface Draft {
  words: string
  tagLine: string
}

const firstProblem = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? 'not allowed')

/**
 * One leg's private note and tags: shown, and edited in place. The save goes to the core, which checks both by the
 * same rule as here; the core's change event then has the list and this detail read again.
 */
export function LegNoteEditor({ own }: { own: LegNoteView | undefined }) {
  const [draft, setDraft] = useState<Draft | null>(null)
  const save = useDeskMutation('history.setLegNote')
  if (!own) return null
  const noteProblem = draft ? firstProblem(NoteSchema.safeParse(draft.words.trim())) : null
  const tagsProblem = draft ? firstProblem(TagsSchema.safeParse(splitTags(draft.tagLine))) : null
  const what = own.direction === 'in' ? 'incoming leg' : own.direction === 'out' ? 'outgoing leg' : 'internal leg'

  if (draft === null) {
    const editWords = own.note === null && own.tags.length === 0 ? 'Add note or tags' : 'Edit note and tags'
    return (
      <div className="leg-note" data-testid="leg-note">
        {own.tags.length ? (
          <ul className="tag-list" aria-label="Tags">
            {own.tags.map((t) => (
              <li key={t} className="chip chip-info">
                <UserText>{t}</UserText>
              </li>
            ))}
          </ul>
        ) : null}
        {own.note ? (
          <p className="note-text">
            <UserText>{own.note}</UserText>
          </p>
        ) : null}
        {own.note === null && own.tags.length === 0 ? (
          <p className="muted">No note or tags. Only this desk sees them; they are never sent.</p>
        ) : null}
        <CanWrite>
          {/* The name starts with the visible words, so a voice user saying what they see reaches it (WCAG 2.5.3). */}
          <button
            type="button"
            onClick={() => setDraft({ words: untrustedForEditing(own.note), tagLine: own.tags.join(', ') })}
            aria-label={`${editWords} of the ${what}`}
          >
            {editWords}
          </button>
        </CanWrite>
      </div>
    )
  }
  return (
    <form
      className="leg-note"
      aria-label={`Note and tags of the ${what}`}
      onSubmit={(e) => {
        e.preventDefault()
        if (!noteProblem && !tagsProblem)
          save.mutate(
            {
              transactionId: own.transactionId,
              direction: own.direction,
              note: draft.words.trim(),
              tags: splitTags(draft.tagLine),
            },
            { onSuccess: () => setDraft(null) },
          )
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !save.isPending) {
          e.stopPropagation()
          setDraft(null)
        }
      }}
    >
      <Field label="Private note" error={noteProblem} hint={`Kept on this desk only. Up to ${NOTE_MAX} characters.`}>
        <textarea
          rows={3}
          value={draft.words}
          onChange={(e) => setDraft({ ...draft, words: e.target.value })}
          autoFocus
        />
      </Field>
      <Field
        label="Tags"
        error={tagsProblem}
        hint={`Comma-separated, up to ${TAGS_MAX}; each up to ${TAG_MAX} letters a-z, digits, - or _.`}
      >
        <input
          value={draft.tagLine}
          onChange={(e) => setDraft({ ...draft, tagLine: e.target.value })}
          placeholder="payroll, q3"
        />
      </Field>
      {save.error ? <ErrorBox error={save.error} title="The note and tags were not saved" /> : null}
      <div className="actions">
        <button type="button" onClick={() => setDraft(null)} disabled={save.isPending}>
          Cancel
        </button>
        <button
          type="submit"
          className="primary"
          disabled={save.isPending || noteProblem !== null || tagsProblem !== null}
        >
          Save note and tags
        </button>
      </div>
    </form>
  )
}
