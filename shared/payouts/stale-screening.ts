/** Screening lists older than this are stale: warned about before each send (never a block). */
export const SCREENING_MAX_AGE_DAYS = 7

/**
 * The warning every send surface shows first when even the newest screening list is stale, in one wording for the
 * app and the CLI; null when a list is fresh or none is imported (the payout's checks say that one).
 */
export function staleScreeningWarning(
  lists: ReadonlyArray<{ ageDays: number; stale: boolean }>,
  maxAgeDays = SCREENING_MAX_AGE_DAYS,
): string | null {
  if (lists.length === 0 || lists.some((l) => !l.stale)) return null
  const newest = Math.min(...lists.map((l) => l.ageDays))
  return (
    `The newest screening list is ${newest} days old (older than ${maxAgeDays} days): addresses listed since are ` +
    'not caught. Import a fresh list (screening import) before sending; sending is not blocked.'
  )
}
