import { z } from 'zod'
import { shown } from '../text/visible-text'
import type { UntrustedText } from '../text/untrusted-text'

/** Where the profile met a known address. */
export const KNOWN_SOURCE_NAMES = {
  destination: 'in the destination book',
  own: "this workspace's own deposit address",
  ledger: 'in the transaction history',
  payout: 'a completed payout went to it',
  claim: 'being registered right now by a Payout Desk process',
} as const

/** A known address a new destination resembles (`lookalike`) or is, when it is the workspace's own (`own`). */
export const LookalikeFindingSchema = z.strictObject({
  kind: z.enum(['lookalike', 'own']),
  network: z.string(),
  /** As people read it: EIP-55 for EVM, lower-case bech32, base58 as is. */
  address: z.string(),
  source: z.enum(['destination', 'own', 'ledger', 'payout', 'claim']),
  /** The destination's label, the wallet's name, the history party's name. */
  label: z.string().nullable(),
  /** When it was seen there (created, read, moved, completed). */
  seenAt: z.string(),
})
export type LookalikeFinding = z.infer<typeof LookalikeFindingSchema>

/** "in the destination book as "Acme" since 2026-03-01", for messages on every surface. */
/** Where the look-alike was seen; its label (someone else's text) in its shown form. */
export function describeFinding(f: Omit<LookalikeFinding, 'label'> & { label: string | UntrustedText | null }): string {
  const label = f.label ? ` as ${JSON.stringify(shown(f.label))}` : ''
  return `${KNOWN_SOURCE_NAMES[f.source]}${label}, seen ${f.seenAt.slice(0, 10)}`
}
