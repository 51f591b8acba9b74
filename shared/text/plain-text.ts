import { text } from '../api/text'
import { classifyChar, isHidingKind, type CharKind } from './char-classes'
import { describeChar } from './char-names'

export interface CharFinding {
  kind: CharKind
  /** "U+202E RIGHT-TO-LEFT OVERRIDE" */
  char: string
  /** Index in code points. */
  at: number
}

const LATIN = /\p{Script=Latin}/u
const SCRIPT_LOOKALIKE = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]/u

/**
 * Every character of `value` that hides, reorders or imitates text. Letters of another script count as look-alikes
 * only next to Latin letters (a mixed name such as "Pаypal" with a Cyrillic а); a name wholly in Cyrillic is not
 * flagged.
 */
export function findUnsafeChars(value: string): CharFinding[] {
  const mixed = LATIN.test(value)
  const out: CharFinding[] = []
  let at = 0
  for (const ch of value) {
    const kind = classifyChar(ch)
    if (kind && (kind !== 'lookalike' || mixed || !SCRIPT_LOOKALIKE.test(ch)))
      out.push({ kind, char: describeChar(ch), at })
    at++
  }
  return out
}

/**
 * Why `value` cannot be a label, name, reference or note ("contains U+202E RIGHT-TO-LEFT OVERRIDE, …"), or null.
 * Bidi, control and invisible format characters are refused; look-alikes are allowed (and flagged where shown).
 */
export function plainTextProblem(value: string): string | null {
  const hiding = findUnsafeChars(value).filter((f) => isHidingKind(f.kind))
  if (hiding.length === 0) return null
  const named = [...new Set(hiding.map((f) => f.char))]
  const list = named.length > 3 ? `${named.slice(0, 3).join(', ')} and ${named.length - 3} more` : named.join(', ')
  return (
    `contains ${list}, which can hide or reorder the text around ${named.length > 1 ? 'them' : 'it'}; ` +
    `type it without ${named.length > 1 ? 'them' : 'it'}`
  )
}

/**
 * The one rule for free text a person types (a label, a name, a note, a reason): trimmed, not empty, at most `max`
 * characters, and nothing that hides, reorders or has no agreed look. The problem in words ("is empty"), or null.
 */
export function freeTextProblem(value: string, max: number): string | null {
  const v = value.trim()
  if (v === '') return 'is empty'
  return plainTextProblem(v) ?? ([...v].length > max ? `is longer than ${max} characters` : null)
}

/** A label, name, reference or note someone types: contract text that refuses characters which hide or reorder text. */
export function plainText() {
  return text().superRefine((value, ctx) => {
    const problem = plainTextProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
}
