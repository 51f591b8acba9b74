import { create, type Font } from 'fontkit'
import { convert } from 'fontverter'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import subsetFont from 'subset-font'
import { withReadableLigatures } from './readable-ligatures'

/**
 * A font package as Fontsource ships it: the family cut into slices by Unicode range (its unicode.json), one file a
 * slice. A receipt loads only the slices its text needs.
 */
interface FontPackage {
  name: string
  /** The file of one slice, regular weight; `key` is the unicode.json key without brackets ("latin", "118"). */
  file: (key: string) => string
  /** Slices to use (the others repeat what an earlier package covers); all when absent. */
  slices?: readonly string[]
  /** A variable WOFF2 (the CJK family: 5 MB for every weight, instead of 75 for static files) read at Regular. */
  variable?: boolean
}

/** Latin, Greek and Cyrillic, Arabic, Hebrew, Chinese, Japanese and Korean, and emoji (monochrome). */
const EMOJI: FontPackage = { name: '@fontsource/noto-emoji', file: (k) => `noto-emoji-${k}-400-normal.woff` }
const TEXT: readonly FontPackage[] = [
  { name: '@fontsource/noto-sans', file: (k) => `noto-sans-${k}-400-normal.woff` },
  {
    // Noto Sans Arabic draws dots as marks shared by several letters, so its text cannot be read back from a PDF;
    // IBM Plex Sans Arabic draws each letter whole.
    name: '@fontsource/ibm-plex-sans-arabic',
    file: (k) => `ibm-plex-sans-arabic-${k}-400-normal.woff`,
    slices: ['arabic'],
  },
  { name: '@fontsource/noto-sans-hebrew', file: (k) => `noto-sans-hebrew-${k}-400-normal.woff`, slices: ['hebrew'] },
  { name: '@fontsource-variable/noto-sans-sc', file: (k) => `noto-sans-sc-${k}-wght-normal.woff2`, variable: true },
  // The Chinese slices hold only the commonest Hangul syllables.
  { name: '@fontsource-variable/noto-sans-kr', file: (k) => `noto-sans-kr-${k}-wght-normal.woff2`, variable: true },
]

/** One slice's file and the code points it draws. */
export interface Slice {
  /** The name the PDF document registers the font under. */
  id: string
  path: string
  variable: boolean
  covers: (codePoint: number) => boolean
}

const require = createRequire(import.meta.url)

/** A test of "U+0600-06FF,U+200C,…", parsed when first asked (most slices never are). */
function rangesOf(spec: string): (codePoint: number) => boolean {
  let ranges: Array<readonly [number, number]> | null = null
  return (cp) => {
    ranges ??= spec.split(',').map((part) => {
      const [lo, hi] = part.trim().replace(/^U\+/i, '').split('-')
      return [parseInt(lo!, 16), parseInt(hi ?? lo!, 16)] as const
    })
    return ranges.some(([lo, hi]) => cp >= lo && cp <= hi)
  }
}

function slicesOf(pkg: FontPackage): Slice[] {
  const table = require(`${pkg.name}/unicode.json`) as Record<string, string>
  const files = join(dirname(require.resolve(`${pkg.name}/package.json`)), 'files')
  return Object.entries(table)
    .map(([key, spec]) => ({ key: key.replace(/^\[(.*)\]$/, '$1'), spec }))
    .filter(({ key }) => !pkg.slices || pkg.slices.includes(key))
    .map(({ key, spec }) => ({
      id: `${pkg.name}#${key}`,
      path: join(files, pkg.file(key)),
      variable: pkg.variable === true,
      covers: rangesOf(spec),
    }))
}

/** Joiners and variation selectors: part of a sequence, drawn by whichever font draws the rest. */
const JOINING = /^(?:\u200C|\u200D|\p{Variation_Selector}|[\u{E0020}-\u{E007F}])$/u
/** Drawn as an emoji by default (a plain "©" or "1" stays text). */
const EMOJI_FIRST = /\p{Emoji_Presentation}|\p{Regional_Indicator}|\u20E3|\uFE0F/u

/**
 * A slice's font as TrueType: fontkit reads WOFF and WOFF2 itself, but in plain JavaScript, inflating a WOFF table
 * again at each glyph it embeds (seconds a receipt); fontverter unpacks each file once, with zlib and WebAssembly.
 */
async function readSfnt(slice: Slice): Promise<Buffer> {
  return convert(await readFile(slice.path), 'sfnt')
}

/**
 * Where a character sequence (one grapheme) is drawn from: the font slices in the order they are tried. A slice's
 * Unicode ranges name more than its file holds (the Chinese slices name Hangul they lack), so a slice draws a
 * character only when its font has a glyph for it: `load` reads the fonts `sliceFor` will ask.
 */
export class SliceCatalog {
  private readonly emoji = slicesOf(EMOJI)
  private readonly text = TEXT.flatMap(slicesOf)
  private readonly fonts = new Map<Slice, Font>()
  private readonly found = new Map<string, Slice | null>()

  private pointsOf(grapheme: string): number[] {
    return Array.from(grapheme, (ch) => ch.codePointAt(0)!).filter((cp) => !JOINING.test(String.fromCodePoint(cp)))
  }

  /** The slices whose ranges name every character, in the order they are tried. */
  private *candidates(grapheme: string, points: readonly number[]): Generator<Slice> {
    const order = EMOJI_FIRST.test(grapheme) ? [this.emoji, this.text] : [this.text, this.emoji]
    for (const slice of order.flat()) if (points.every((cp) => slice.covers(cp))) yield slice
  }

  /** Reads the fonts of the slices that may draw `grapheme`, in order, up to the first that has its glyphs. */
  async load(grapheme: string): Promise<void> {
    this.found.delete(grapheme)
    const points = this.pointsOf(grapheme)
    for (const slice of this.candidates(grapheme, points)) {
      if (!this.fonts.has(slice)) this.fonts.set(slice, create(await readSfnt(slice)) as Font)
      if (this.draws(slice, points)) return
    }
  }

  private draws(slice: Slice, points: readonly number[]): boolean {
    const font = this.fonts.get(slice)
    return font !== undefined && points.every((cp) => font.hasGlyphForCodePoint(cp))
  }

  /**
   * The font PDFKit draws a slice with, for `text` (everything it will draw with it); a variable slice is first cut
   * by HarfBuzz to those characters at Regular weight (fontkit can neither subset a WOFF2 nor encode an instance).
   */
  async pdfFont(slice: Slice, text: string): Promise<Font> {
    const font = slice.variable
      ? create(
          await subsetFont(await readFile(slice.path), text, { targetFormat: 'sfnt', variationAxes: { wght: 400 } }),
        )
      : this.fonts.get(slice)!
    return withReadableLigatures(font as Font)
  }

  /** The first slice that draws every character of `grapheme` (its fonts loaded); null when none here does. */
  sliceFor(grapheme: string): Slice | null {
    const known = this.found.get(grapheme)
    if (known !== undefined) return known
    const points = this.pointsOf(grapheme)
    let slice = points.length === 0 ? (this.text[0] ?? null) : null
    for (const candidate of slice ? [] : this.candidates(grapheme, points)) {
      if (!this.draws(candidate, points)) continue
      slice = candidate
      break
    }
    this.found.set(grapheme, slice)
    return slice
  }
}
