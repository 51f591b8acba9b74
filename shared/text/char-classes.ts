/**
 * The one classification of characters that make untrusted text read other than it is:
 * - `bidi`: embeddings, overrides, isolates and marks; they reorder what is shown around them
 *   ("Maria K \u202Eevil\u202C" reads "Maria K live").
 * - `control`: C0/C1 controls (ESC starts terminal sequences, CR rewrites a line), line and paragraph
 *   separators, lone surrogates.
 * - `format`: the other invisible format characters (zero-width space, soft hyphen, BOM, tags), letters and
 *   symbols that draw as nothing (Hangul fillers, the blank braille pattern, other default-ignorable code points),
 *   and characters with no agreed look (private use, which a font may draw as anything; unassigned code points; the
 *   object replacement character U+FFFC).
 * - `lookalike`: visible but easily taken for something else: joiners (legitimate in scripts and emoji),
 *   spaces other than U+0020, fullwidth and mathematical letters, Cyrillic/Greek/Armenian/Cherokee letters.
 * The first three are refused on entry and shown as their code; look-alikes are only flagged.
 */
export type CharKind = 'bidi' | 'control' | 'format' | 'lookalike'

export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]/u
const JOINERS = /[\u200C\u200D]/u
const FORMAT = /\p{Cf}/u
/** Variation selectors pick a glyph's form (the emoji one of ❤️): default-ignorable, but part of the text. */
const VARIATION = /[\u180B-\u180D\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u
/** Characters that draw as blank: "\u3164" passes for an empty label, "Acme\u3164" for "Acme". */
const BLANK = /[\p{Default_Ignorable_Code_Point}\u2800]/u
/** No agreed look: private use, unassigned (noncharacters included), the object replacement character. */
export const NO_AGREED_LOOK = /[\p{Co}\p{Cn}\uFFFC]/u
const LOOKALIKE =
  /[\p{Zs}\uFF01-\uFF5E\u{1D400}-\u{1D7FF}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]/u

/** The kind of one character (one code point, or a lone surrogate), or null for ordinary text. */
export function classifyChar(ch: string): CharKind | null {
  if (ch === ' ') return null
  if (BIDI_CONTROLS.test(ch)) return 'bidi'
  if (CONTROL.test(ch)) return 'control'
  if (JOINERS.test(ch)) return 'lookalike'
  if (FORMAT.test(ch)) return 'format'
  if (BLANK.test(ch) && !VARIATION.test(ch)) return 'format'
  if (NO_AGREED_LOOK.test(ch)) return 'format'
  if (LOOKALIKE.test(ch)) return 'lookalike'
  return null
}

/** Kinds that hide or reorder text: refused on entry, never shown raw. */
export function isHidingKind(kind: CharKind | null): kind is 'bidi' | 'control' | 'format' {
  return kind === 'bidi' || kind === 'control' || kind === 'format'
}

/** `U+202E` for a character. */
export function codeOf(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
}
