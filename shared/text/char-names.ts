import { classifyChar, codeOf } from './char-classes'

/** Unicode names of the characters people meet in spoofed text; others are named by their kind. */
const NAMES: Readonly<Record<number, string>> = {
  0x00: 'NULL',
  0x07: 'BELL',
  0x08: 'BACKSPACE',
  0x09: 'CHARACTER TABULATION',
  0x0a: 'LINE FEED',
  0x0b: 'LINE TABULATION',
  0x0c: 'FORM FEED',
  0x0d: 'CARRIAGE RETURN',
  0x1b: 'ESCAPE',
  0x7f: 'DELETE',
  0x85: 'NEXT LINE',
  0x90: 'DEVICE CONTROL STRING',
  0x9b: 'CONTROL SEQUENCE INTRODUCER',
  0x9d: 'OPERATING SYSTEM COMMAND',
  0xad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x2800: 'BRAILLE PATTERN BLANK',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
  0xfffc: 'OBJECT REPLACEMENT CHARACTER',
}

const KIND_WORDS = {
  bidi: 'a direction control',
  control: 'a control character',
  format: 'an invisible format character',
  lookalike: 'a look-alike character',
} as const

/** "U+202E RIGHT-TO-LEFT OVERRIDE", or "U+0092 (a control character)" when the name is not in the table. */
export function describeChar(ch: string): string {
  const name = NAMES[ch.codePointAt(0)!]
  if (name) return `${codeOf(ch)} ${name}`
  if (/\p{Co}/u.test(ch)) return `${codeOf(ch)} (a private-use character)`
  if (/\p{Cn}/u.test(ch)) return `${codeOf(ch)} (an unassigned code point)`
  const kind = classifyChar(ch)
  return kind ? `${codeOf(ch)} (${KIND_WORDS[kind]})` : codeOf(ch)
}
