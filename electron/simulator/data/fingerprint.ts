/** A stable text form of a validated body (keys sorted), compared on idempotent replays. */
export function fingerprint(body: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(body)
      .sort()
      .map((k) => [k, body[k]]),
  )
}
