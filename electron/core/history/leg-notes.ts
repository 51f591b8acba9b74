import { TagsSchema, type LegNote } from '../../../shared/api/leg-notes'
import type { LedgerRow } from '../../../shared/api/ledger-query'
import { shown } from '../../../shared/text/visible-text'
import { checkNote } from '../api/input-checks'
import { decisionEntry } from '../audit/use-cases'
import { DeskError } from '../errors'
import type { DeskStore, LedgerRepo } from '../store'
import { closeRepo } from '../store/close/close-repo'
import { legNotesRepo } from '../store/ledger/leg-notes-repo'

type Direction = LegNote['direction']

/**
 * One leg a person names: the movement's id, and its direction when the movement has two legs (a move between own
 * wallets).
 */
export interface LegRef {
  transactionId: string
  direction?: Direction
}

/** What to change: a new note ("" removes it), a whole new tag set, or tags to add and remove. */
export interface LegNoteChange {
  note?: string
  tags?: string[]
  add?: string[]
  remove?: string[]
}

/** A tag set checked by the one rule (shared/api/leg-notes.ts), refused naming the first tag that breaks it. */
function checkTags(tags: string[]): string[] {
  const parsed = TagsSchema.safeParse(tags)
  if (parsed.success) return parsed.data
  throw new DeskError('invalid_input', `Tags not saved: ${parsed.error.issues[0]?.message ?? 'invalid'}.`)
}

/** The leg the ledger holds for `ref`; refused, saying why, when it holds none or the direction is needed. */
function findLeg(ledger: LedgerRepo, ref: LegRef): LedgerRow {
  const legs = ledger.legs(ref.transactionId)
  const id = shown(ref.transactionId)
  if (legs.length === 0)
    throw new DeskError(
      'invalid_input',
      `The history ledger holds no movement ${id} (sync it, or find the id with "history list").`,
    )
  if (ref.direction !== undefined) {
    const leg = legs.find((l) => l.direction === ref.direction)
    if (!leg)
      throw new DeskError(
        'invalid_input',
        `Movement ${id} has no ${ref.direction} leg; it has ${legs.map((l) => l.direction).join(' and ')}.`,
      )
    return leg
  }
  if (legs.length > 1)
    throw new DeskError(
      'invalid_input',
      `Movement ${id} has ${legs.map((l) => l.direction).join(' and ')} legs (a move between own wallets): ` +
        `name the direction.`,
    )
  return legs[0]!
}

/** The note and tags of every leg of one movement the ledger holds, outgoing first. */
export function legNotes(store: DeskStore, ledger: LedgerRepo, transactionId: string): LegNote[] {
  return store.read('read the notes', () => {
    const notes = store.repo(legNotesRepo)
    return ledger.legs(transactionId).map((l) => notes.get(l.id, l.direction))
  })
}

/**
 * Changes a leg's private note and tags, checked here whatever the surface (the note as plain text within its
 * limit, each tag by the tag rule), and records who did it and when in the audit log (not what: it stays private).
 */
export function editLegNote(
  store: DeskStore,
  ledger: LedgerRepo,
  ref: LegRef,
  change: LegNoteChange,
  actor: string,
  now = new Date(),
): LegNote {
  const note = change.note === undefined ? undefined : checkNote(change.note.trim(), 'note')
  const tags = change.tags === undefined ? undefined : checkTags(change.tags)
  const add = checkTags(change.add ?? [])
  const remove = new Set(checkTags(change.remove ?? []))
  return store.transaction('save the note', () => {
    const leg = findLeg(ledger, ref)
    // A locked month-end close does not change: its movements' notes and tags stay as its pack wrote them.
    store.repo(closeRepo).requireOpenAt(leg.created_at, 'The note and tags were not saved')
    const notes = store.repo(legNotesRepo)
    const current = notes.get(leg.id, leg.direction)
    const nextTags = checkTags([...(tags ?? current.tags), ...add].filter((t) => !remove.has(t)))
    const next = { ...current, note: note === undefined ? current.note : note || null, tags: nextTags }
    const saved = notes.put(next, actor, now.toISOString())
    store.audit.append(
      decisionEntry(now, 'ledger.note', actor, null, {
        transaction_id: leg.id,
        direction: leg.direction,
        tags: nextTags.length,
        note: next.note !== null,
      }),
    )
    return saved
  })
}
