import { SliceCatalog, type Slice } from './font-slices'
import { wrapPieces } from './line-wrap'
import { bySlice, loadFontsFor, piecesOf, type Piece } from './text-pieces'
import { paragraphLevels, visualRuns, type Run } from './visual-runs'

/**
 * Sets text of any script in a PDFKit document: each grapheme from a font that draws it (only the slices the text
 * uses are loaded, and PDFKit embeds only the glyphs drawn), lines broken where the line breaking rules allow, each
 * line in bidi order with right-to-left words shaped.
 */
export class TextSetter {
  private constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly catalog: SliceCatalog,
    private readonly size: number,
  ) {}

  /** A setter for `texts` (every text it will set): registers the font slices they need with the document. */
  static async for(doc: PDFKit.PDFDocument, texts: readonly string[], size: number): Promise<TextSetter> {
    const catalog = new SliceCatalog()
    for (const text of texts) await loadFontsFor(catalog, text)
    const used = new Map<Slice, string>()
    for (const p of texts.flatMap((t) => piecesOf(catalog, t).pieces))
      used.set(p.slice, (used.get(p.slice) ?? '') + p.text)
    // PDFKit takes a fontkit font as it is (a source with a layout method), though its types name files only.
    for (const [slice, text] of used) doc.registerFont(slice.id, (await catalog.pdfFont(slice, text)) as never)
    return new TextSetter(doc, catalog, size)
  }

  private readonly widths = new Map<string, number>()

  private width(text: string, run: { slice: { id: string } }): number {
    const key = `${run.slice.id}\u0000${text}`
    let width = this.widths.get(key)
    if (width === undefined) {
      width = this.doc.font(run.slice.id).fontSize(this.size).widthOfString(text, { features: [] })
      this.widths.set(key, width)
    }
    return width
  }

  private readonly measure = (pieces: readonly Piece[]): number =>
    bySlice(pieces).reduce((sum, group) => sum + this.width(group.text, group), 0)

  /** The lines `value` takes within `width`, each as its runs, left to right. */
  lines(value: string, width: number): Run[][] {
    const { text, pieces } = piecesOf(this.catalog, value)
    const levels = paragraphLevels(text)
    return wrapPieces(text, pieces, width, this.measure).map(([start, end]) =>
      visualRuns(text, levels, pieces, start, end),
    )
  }

  /**
   * Draws one line with its baseline at `y`. Features are named (none beyond the font's defaults) because PDFKit
   * otherwise lays out word by word, left to right, which puts right-to-left words in the wrong order.
   */
  draw(line: readonly Run[], x: number, y: number): void {
    for (const run of line) {
      this.doc
        .font(run.slice.id)
        .fontSize(this.size)
        .text(run.text, x, y, { lineBreak: false, baseline: 'alphabetic', features: [] })
      x += this.width(run.text, run)
    }
  }
}
