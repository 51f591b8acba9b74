/**
 * Leg statuses after which the provider will not change a movement. The spec names `completed`
 * and leaves the full set unshown; the rest are the terminal words it uses for withdrawals. Any
 * other value (`broadcasting`, or one we have never seen) is treated as not final and re-read.
 */
export const FINAL_LEG_STATUSES: readonly string[] = ['completed', 'failed', 'rejected', 'cancelled', 'expired']

export function isFinalLegStatus(status: string): boolean {
  return FINAL_LEG_STATUSES.includes(status)
}
