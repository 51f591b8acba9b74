/**
 * Characters that reorder or hide text around them (bidi embeddings, overrides, isolates and marks). In a label they
 * could make an address read backwards or swap what is shown next to it, so they are shown as their code instead.
 */
const CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g

export function visibleControls(text: string): string {
  return text.replace(CONTROLS, (c) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`)
}
