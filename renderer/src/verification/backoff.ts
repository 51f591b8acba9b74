/** Waits between background reads of a destination waiting for verification: 5 s, doubling, at most a minute. */
export function verificationDelay(attempt: number): number {
  return Math.min(60_000, 5_000 * 2 ** Math.max(0, attempt))
}
