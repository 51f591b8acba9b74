import { codeOf } from '../../../shared/text/char-classes'
import type { Slice, SliceCatalog } from './font-slices'

/** One grapheme (or a character of one no single font draws whole) and the font slice that draws it. */
export interface Piece {
  text: string
  slice: Slice
  /** Where the piece starts in the text it was cut from (UTF-16 offset). */
  at: number
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** Reads the fonts that may draw `text`, for `piecesOf`. */
export async function loadFontsFor(catalog: SliceCatalog, text: string): Promise<void> {
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    await catalog.load(segment)
    if (!catalog.sliceFor(segment)) for (const ch of segment) await catalog.load(ch)
  }
  await catalog.load('[')
}

/**
 * A line of text as fonts here can draw it, grapheme by grapheme. A sequence no one font draws whole (an emoji
 * sequence a slice splits) is drawn a character at a time; a character no font here draws is written as its code
 * ([U+XXXX]), as the screen does for hidden ones.
 */
export function piecesOf(catalog: SliceCatalog, text: string): { text: string; pieces: Piece[] } {
  const pieces: Array<Omit<Piece, 'at'>> = []
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    const whole = catalog.sliceFor(segment)
    if (whole) {
      pieces.push({ text: segment, slice: whole })
      continue
    }
    for (const ch of segment) {
      const slice = catalog.sliceFor(ch)
      pieces.push(slice ? { text: ch, slice } : { text: `[${codeOf(ch)}]`, slice: catalog.sliceFor('[')! })
    }
  }
  let at = 0
  const placed = pieces.map((p) => {
    const piece = { ...p, at }
    at += p.text.length
    return piece
  })
  return { text: placed.map((p) => p.text).join(''), pieces: placed }
}

/** Consecutive pieces drawn by one slice, as strings to measure or draw. */
export function bySlice(pieces: readonly Piece[]): Array<{ text: string; slice: Slice }> {
  const groups: Array<{ text: string; slice: Slice }> = []
  for (const p of pieces) {
    const last = groups.at(-1)
    if (last && last.slice === p.slice) last.text += p.text
    else groups.push({ text: p.text, slice: p.slice })
  }
  return groups
}
