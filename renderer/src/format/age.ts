export { ageText } from '@shared/format/age'

/** The age of a payout waiting for approval: since it was requested. */
export function waitedMs(createdAt: string, now: number): number {
  return now - Date.parse(createdAt)
}
