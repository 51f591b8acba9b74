import { classifyChar, codeOf, isHidingKind } from './char-classes'
import type { UntrustedText } from './untrusted-text'

declare const shownBrand: unique symbol
/** Text safe to show: every character that hides or reorders text is written as its code (`[U+202E]`). */
export type ShownText = string & { readonly [shownBrand]: true }

/** Candidates only; `classifyChar` decides (the joiners among Cf stay as they are). */
const CANDIDATES = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}\u2800\uFFFC]/gu

/**
 * Untrusted text (a label, a name, a reference, a note, a provider's message) as it may be shown on a screen, a
 * terminal or in a file: bidi controls, control characters (ESC, CSI, CR, line breaks) and invisible format
 * characters become `[U+XXXX]`, so nothing can reorder, erase or forge what is printed around it.
 */
export function shown(text: string | UntrustedText): ShownText {
  return (text as string).replace(CANDIDATES, (ch) =>
    isHidingKind(classifyChar(ch)) ? `[${codeOf(ch)}]` : ch,
  ) as ShownText
}

/** A line built from trusted literals with every interpolated value shown safely (`shownLine\`to ${label}\``). */
export function shownLine(
  literals: TemplateStringsArray,
  ...values: ReadonlyArray<string | number | ShownText | UntrustedText>
): ShownText {
  return literals.reduce(
    (out, literal, i) => out + literal + (i < values.length ? shown(String(values[i] as string | number)) : ''),
    '',
  ) as ShownText
}

/**
 * Printed output whose line breaks are its own: each line is shown safely, the breaks between lines kept (CRLF, a
 * CSV's break, as much as LF; a CR ending the text is one too, the printer's LF following it; a CR anywhere else
 * could rewrite the line, so it is shown).
 */
export function shownLines(text: string): ShownText {
  return text
    .split(/(\r?\n|\r$)/)
    .map((part, i) => (i % 2 === 1 ? part : shown(part)))
    .join('') as ShownText
}

/** `\uXXXX` for each UTF-16 unit of a character (both halves of one beyond the BMP, as JSON writes it). */
const jsonEscape = (ch: string): string =>
  [...Array(ch.length).keys()].map((i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join('')

/**
 * JSON for a terminal or a file a person may open: the same data (every JSON reader gets the original strings
 * back), with the characters that hide text written as `\uXXXX` escapes instead of raw (raw line breaks are only
 * the indentation's: JSON escapes those inside strings).
 */
export function jsonText(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(CANDIDATES, (ch) =>
    ch !== '\n' && isHidingKind(classifyChar(ch)) ? jsonEscape(ch) : ch,
  )
}
