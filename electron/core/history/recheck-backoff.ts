export interface RecheckBackoff {
  baseMs: number
  maxMs: number
}

/** Wait before the next re-read of a movement not final, after `attempts` reads: doubling, capped. */
export function recheckDelayMs(attempts: number, b: RecheckBackoff): number {
  return Math.min(b.maxMs, b.baseMs * 2 ** Math.min(attempts, 30))
}
