import { plainText } from '../text/plain-text'

/**
 * A payout's own reference (shown in the review, kept with the outbox entry, never sent) and a person's private note.
 */
export const REFERENCE_MAX = 140
export const NOTE_MAX = 1000

function limited(what: string, max: number) {
  return plainText().max(max, `${what} is at most ${max} characters`)
}

export const PayoutReferenceSchema = limited('A reference', REFERENCE_MAX)
export const NoteSchema = limited('A note', NOTE_MAX)
