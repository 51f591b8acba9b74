import { z } from 'zod'

/** How long an agent's held payout waits for a person before it expires, unless a person sets another time. */
export const DEFAULT_HELD_EXPIRY_HOURS = 24
/** Thirty days: a hold older than that is a request nobody will remember deciding. */
export const MAX_HELD_EXPIRY_HOURS = 720

export const HeldExpiryHoursSchema = z
  .number()
  .int(`The expiry time is a whole number of hours from 1 to ${MAX_HELD_EXPIRY_HOURS}.`)
  .min(1, `The expiry time is a whole number of hours from 1 to ${MAX_HELD_EXPIRY_HOURS}.`)
  .max(MAX_HELD_EXPIRY_HOURS, `The expiry time is a whole number of hours from 1 to ${MAX_HELD_EXPIRY_HOURS}.`)

const HOUR_MS = 3_600_000

/** When a payout held at `heldAt` expires. */
export function heldExpiresAt(heldAt: string, hours: number): string {
  return new Date(Date.parse(heldAt) + hours * HOUR_MS).toISOString()
}

/** What the agent, the CLI and the app read for an expired hold. */
export function heldExpiredMessage(heldAt: string, hours: number): string {
  return (
    `No person released or rejected this held payout within ${hours} hours; it expired at ` +
    `${heldExpiresAt(heldAt, hours)} and nothing was sent.`
  )
}
