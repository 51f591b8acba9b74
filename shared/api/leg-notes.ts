import { z } from 'zod'
import { plainTextProblem } from '../text/plain-text'
import { quoteInput, text } from './text'

/**
 * A ledger movement's tags: a few short words a person files it under, found by the Transactions search and its tag
 * filter.
 */
export const TAGS_MAX = 10
export const TAG_MAX = 32
const TAG_PATTERN = /^[a-z0-9_-]+$/

/**
 * Why a tag cannot be one, naming it (and any character that hides text in it), or null. Tags are kept in lower case.
 */
export function tagProblem(tag: string): string | null {
  if (tag.length === 0) return 'a tag cannot be empty'
  const hidden = plainTextProblem(tag)
  if (hidden) return `tag ${quoteInput(tag)} ${hidden}`
  if (tag.length > TAG_MAX) return `tag ${quoteInput(tag)} is longer than ${TAG_MAX} characters`
  if (!TAG_PATTERN.test(tag.toLowerCase())) return `tag ${quoteInput(tag)} may hold only letters a-z, digits, - and _`
  return null
}

/** One tag as typed: checked, then lower-cased so "Payroll" and "payroll" are one tag. */
export const TagSchema = text()
  .trim()
  .superRefine((tag, ctx) => {
    const problem = tagProblem(tag)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .transform((tag) => tag.toLowerCase())

/** A movement's whole tag set: at most TAGS_MAX, each checked, repeats dropped, sorted. */
export const TagsSchema = z
  .array(TagSchema)
  .max(TAGS_MAX, `a movement holds at most ${TAGS_MAX} tags`)
  .transform((tags) => [...new Set(tags)].sort())

/** "a, b,c" as the tags it names (the CLI's and the tag field's list form). */
export function splitTags(list: string): string[] {
  return list
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')
}

export const LegDirectionSchema = z.enum(['in', 'out', 'internal'])

/** The private note and tags of one leg of a movement (both legs of a move between own wallets have their own). */
export const LegNoteSchema = z.strictObject({
  transactionId: z.string(),
  direction: LegDirectionSchema,
  note: z.string().nullable(),
  tags: z.array(z.string()),
})
export type LegNote = z.infer<typeof LegNoteSchema>
