import type { TimeZoneChoice } from '../stores/time-zone'
import { formatInstant } from './instant'

/** An instant as the core writes it into a sentence (`2026-11-30T05:13:46.978Z`). */
const INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})/g

export type TextPart = { text: string } | { instant: string }

/** A sentence from the core cut into its text and the instants in it, so each instant goes through the formatter. */
export function splitInstants(sentence: string): TextPart[] {
  const parts: TextPart[] = []
  let at = 0
  for (const match of sentence.matchAll(INSTANT)) {
    if (match.index > at) parts.push({ text: sentence.slice(at, match.index) })
    parts.push({ instant: match[0] })
    at = match.index + match[0].length
  }
  if (at < sentence.length) parts.push({ text: sentence.slice(at) })
  return parts
}

/** The sentence as plain text (a notification), its instants written in the zone the person chose. */
export function withInstants(sentence: string, zone: TimeZoneChoice): string {
  return splitInstants(sentence)
    .map((p) => ('text' in p ? p.text : (formatInstant(p.instant, zone) ?? p.instant)))
    .join('')
}
