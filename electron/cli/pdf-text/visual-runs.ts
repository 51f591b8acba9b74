import bidiFactory, { type EmbeddingLevels } from 'bidi-js'
import type { Slice } from './font-slices'
import { withoutTrailingSpace } from './line-wrap'
import type { Piece } from './text-pieces'

const bidi = bidiFactory()

/** Text one font draws left to right, as the string to hand the font (see `inputOrder`). */
export interface Run {
  text: string
  slice: Slice
}

/**
 * The bidi levels of a paragraph (one printed value): right to left when it holds right-to-left letters and no
 * left-to-right ones (a name in Arabic), else left to right, as the receipt reads (a Hebrew name in "NAME (wallet
 * w-1)" stays before its wallet).
 */
export function paragraphLevels(text: string): EmbeddingLevels {
  return bidi.getEmbeddingLevels(
    text,
    Array.from(text).some((ch) => bidi.getBidiCharTypeName(ch) === 'L') ? 'ltr' : undefined,
  )
}

const SCRIPTED = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u

/** fontkit (under PDFKit) shapes a string and lays it right to left when its first letter is of such a script. */
function fontReverses(text: string): boolean {
  const first = SCRIPTED.exec(text)
  return first !== null && RTL_SCRIPT.test(first[0])
}

/**
 * The string that makes the font draw `visual` (graphemes in the order they appear, left to right): the graphemes as
 * they are, or reversed when the font reverses them again; right-to-left letters thus reach the font in reading order,
 * which their shaping (joined Arabic forms) needs.
 */
function inputOrder(visual: readonly string[]): string {
  return fontReverses(visual.join('')) ? [...visual].reverse().join('') : visual.join('')
}

/** The runs of one line (pieces [start, end) of a paragraph) in the order they are drawn, left to right. */
export function visualRuns(
  text: string,
  levels: EmbeddingLevels,
  pieces: readonly Piece[],
  start: number,
  end: number,
): Run[] {
  const line = withoutTrailingSpace(pieces.slice(start, end))
  if (line.length === 0) return []
  const from = line[0]!.at
  const owner = line.flatMap((p) => Array.from({ length: p.text.length }, () => p))
  const order = owner.map((_, i) => i)
  for (const segment of bidi.getReorderSegments(text, levels, from, from + owner.length - 1)) {
    const [s, e] = segment as [number, number]
    order.splice(s - from, e - s + 1, ...order.slice(s - from, e - from + 1).reverse())
  }
  const visual = order.map((i) => owner[i]!).filter((p, i, all) => i === 0 || all[i - 1] !== p)
  const groups: Piece[][] = []
  const odd = (p: Piece) => (levels.levels[p.at]! & 1) === 1
  for (const p of visual) {
    const last = groups.at(-1)?.at(-1)
    if (last && last.slice === p.slice && odd(last) === odd(p)) groups.at(-1)!.push(p)
    else groups.push([p])
  }
  // A bracket in right-to-left text is drawn mirrored: "(" where the reading order opens it.
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels, from, from + owner.length - 1)
  return groups.map((g) => ({ text: inputOrder(g.map((p) => mirrored.get(p.at) ?? p.text)), slice: g[0]!.slice }))
}
