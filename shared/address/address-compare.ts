/** Groups of 4: short enough to read aloud and compare one at a time. */
const GROUP = 4

export interface CompareChar {
  char: string
  /** True where the other address has another character here (or none). */
  differs: boolean
}

/** One address split in groups of 4 for reading aloud, each character marked where the other address differs. */
export function compareChunks(address: string, other: string, caseInsensitive: boolean): CompareChar[][] {
  const fold = (c: string | undefined) => (caseInsensitive ? c?.toLowerCase() : c)
  const chars = Array.from(address)
  const others = Array.from(other)
  const groups: CompareChar[][] = []
  chars.forEach((char, i) => {
    if (i % GROUP === 0) groups.push([])
    groups[groups.length - 1]!.push({ char, differs: fold(char) !== fold(others[i]) })
  })
  return groups
}
