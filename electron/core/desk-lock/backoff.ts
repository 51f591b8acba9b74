/** Failed unlocks allowed before each further try waits. */
export const FREE_TRIES = 5
const FIRST_WAIT_MS = 30_000
const LONGEST_WAIT_MS = 15 * 60_000

/**
 * How long the next unlock waits after `failures` wrong passphrases in a row: nothing for the first five, then 30 s,
 * twice as long after each further failure, never more than 15 minutes.
 */
export function unlockWaitMs(failures: number): number {
  if (failures < FREE_TRIES) return 0
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_TRIES))
}
