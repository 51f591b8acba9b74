import { z } from 'zod'
import { text } from '../api/text'

/** The rules that hold an agent's payout for a person (every other rule refuses). */
export const HOLD_RULES = ['hold_all', 'hold_above', 'hold_first_payout', 'hold_outside_hours'] as const
export type HoldRule = (typeof HOLD_RULES)[number]

/**
 * Why an agent's payout is held and what it will pay, as checked against the provider's wallets and destination book
 * before the policy held it: what a person needs to decide on the release.
 */
export const HoldSchema = z.strictObject({
  rule: z.enum(HOLD_RULES),
  message: text(),
  walletName: text(),
  destinationId: text(),
  /** The book entry's label (the provider's text: shown through the untrusted-text rule). */
  destinationName: text(),
  destinationAddress: text(),
  network: text(),
  /** When the destination was verified, as the provider said at the check. */
  verifiedAt: text().nullable(),
})
export type Hold = z.infer<typeof HoldSchema>
