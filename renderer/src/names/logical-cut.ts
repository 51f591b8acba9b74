const RTL = /[\p{sc=Arabic}\p{sc=Hebrew}\p{sc=Syriac}\p{sc=Thaana}\p{sc=Nko}]/u
const LTR = /(?![\p{sc=Arabic}\p{sc=Hebrew}\p{sc=Syriac}\p{sc=Thaana}\p{sc=Nko}])\p{L}/u

/**
 * Text mixing both directions: the browser's ellipsis cuts it where the line ends on screen, which is the middle of
 * one of its runs, so such a name is cut by characters instead. Text of one direction is cut by the browser at its
 * own end (its box takes the text's direction).
 */
export function mixesDirections(text: string): boolean {
  return RTL.test(text) && LTR.test(text)
}

/**
 * The longest start of `text` that fits `room` pixels with an ellipsis after it, cut between characters (never inside
 * one): the logical end of the name goes, whatever direction its runs are drawn in.
 */
export function cutToFit(text: string, room: number, width: (s: string) => number): string {
  if (width(text) <= room) return text
  const chars = [...text]
  let lo = 0
  let hi = chars.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (width(`${chars.slice(0, mid).join('')}…`) <= room) lo = mid
    else hi = mid - 1
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`
}

/**
 * A name for a native select's option, which the browser cuts where the box ends on screen (the visual middle of a
 * mixed-direction name): at most `chars` characters, cut at its logical end. The select's title holds it whole.
 */
export function optionName(text: string, chars: number): string {
  const all = [...text]
  return all.length <= chars
    ? text
    : `${all
        .slice(0, chars - 1)
        .join('')
        .trimEnd()}…`
}
