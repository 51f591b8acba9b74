import type { Font, Glyph, GlyphRun } from 'fontkit'

/**
 * The font as PDFKit should draw it so a reader gets right-to-left text back: a PDF maps each glyph to its text, and
 * readers (pdf.js, Poppler) reverse a right-to-left line back into reading order character by character, so a
 * ligature's text (lam-alef: "لا") must be stored reversed to read back in order.
 */
export function withReadableLigatures(font: Font): Font {
  const readable: Font = Object.create(font) as Font
  readable.layout = (...args: Parameters<Font['layout']>): GlyphRun => {
    const run = font.layout(...args)
    if (run.direction !== 'rtl') return run
    run.glyphs = run.glyphs.map((g): Glyph => {
      if (g.codePoints.length < 2) return g
      const copy: Glyph = Object.create(g) as Glyph
      Object.defineProperty(copy, 'codePoints', { value: [...g.codePoints].reverse() })
      return copy
    })
    return run
  }
  return readable
}
