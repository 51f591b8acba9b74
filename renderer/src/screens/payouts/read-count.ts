/**
 * A count beside a heading, as far as it is known: the number once the list is read, else that it is still loading
 * or could not be read. Never a 0 in place of "not read yet": a team with 302 payouts waiting must not read "(0)".
 */
export function readCount(count: number | null, failed: boolean): string {
  if (count !== null) return `(${count})`
  return failed ? '(not read)' : '(loading…)'
}
