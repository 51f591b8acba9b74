/** Provider clock minus local clock in whole seconds, against the midpoint of the round trip; null without a usable Date header. */
export function measureOffsetSeconds(dateHeader: string | undefined, sentAtMs: number, receivedAtMs: number): number | null {
  if (!dateHeader) return null
  const server = Date.parse(dateHeader)
  if (Number.isNaN(server)) return null
  return Math.round((server - (sentAtMs + receivedAtMs) / 2) / 1000)
}
