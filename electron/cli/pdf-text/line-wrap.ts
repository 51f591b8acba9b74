import LineBreaker from 'linebreak'
import type { Piece } from './text-pieces'

/** The width of pieces drawn one after another. */
export type Measure = (pieces: readonly Piece[]) => number

const SPACE = /^\s+$/u

/** The pieces without the white space that ends them (a line's end has no visible space). */
export function withoutTrailingSpace(pieces: readonly Piece[]): readonly Piece[] {
  let end = pieces.length
  while (end > 0 && SPACE.test(pieces[end - 1]!.text)) end--
  return pieces.slice(0, end)
}

/** Piece indices where the Unicode line breaking rules let a new line start (after spaces, between ideographs…). */
function breakPoints(text: string, pieces: readonly Piece[]): number[] {
  const index = new Map(pieces.map((p, i) => [p.at, i]))
  const points: number[] = []
  const breaker = new LineBreaker(text)
  for (let next = breaker.nextBreak(); next; next = breaker.nextBreak()) {
    const i = next.position >= text.length ? pieces.length : index.get(next.position)
    if (i !== undefined) points.push(i)
  }
  return points
}

/**
 * Lines of at most `width`, as [start, end) piece ranges, broken where the line breaking rules allow (a name at its
 * spaces, CJK between characters); a word wider than a line (an address, a hash) is cut between graphemes.
 */
export function wrapPieces(
  text: string,
  pieces: readonly Piece[],
  width: number,
  measure: Measure,
): Array<[number, number]> {
  const lines: Array<[number, number]> = []
  let start = 0
  let used = 0
  let from = 0
  for (const to of breakPoints(text, pieces)) {
    if (to <= from) continue
    const word = pieces.slice(from, to)
    if (from > start && used + measure(withoutTrailingSpace(word)) > width) {
      lines.push([start, from])
      start = from
      used = 0
    }
    if (used + measure(withoutTrailingSpace(word)) <= width) used += measure(word)
    else
      for (let i = from; i < to; i++) {
        const w = measure([pieces[i]!])
        if (i > start && used + w > width) {
          lines.push([start, i])
          start = i
          used = 0
        }
        used += w
      }
    from = to
  }
  lines.push([start, pieces.length])
  return lines
}
