import unhomoglyph from 'unhomoglyph'

/**
 * A name's confusable skeleton (Unicode TS #39, with the prototypes of Unicode's confusables.txt), folded for case,
 * width and spacing: two names that look alike have one skeleton ("Аcme" with a Cyrillic А is "Acme", "rn" is "m").
 * For comparing only; never shown.
 */
export function nameSkeleton(name: string): string {
  const folded = name.normalize('NFKC').toLocaleLowerCase('en').normalize('NFD')
  return unhomoglyph(folded)
    .normalize('NFD')
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()
    .normalize('NFC')
}
