/** How long a read may take before the screen says why it is still waiting. */
export const SLOW_READ_MS = 4_000

/**
 * What a screen still waiting for a read says once it is slow: never a bare "Loading…" for minutes. When the request
 * budget is spent, that is the reason, and the read is still on its way (it goes as soon as the budget refills).
 */
export function slowReadNote(
  what: string,
  elapsedMs: number,
  pacing?: { remaining: number; limit: number },
): string | null {
  if (elapsedMs < SLOW_READ_MS) return null
  const seconds = Math.floor(elapsedMs / 1000)
  if (pacing && pacing.remaining === 0) {
    return (
      `Still waiting to read ${what} (${seconds} s): all ${pacing.limit} requests of this minute are ` +
      `spent. The read goes as soon as the budget refills.`
    )
  }
  return `Still loading ${what} (${seconds} s): the provider has not answered yet.`
}
