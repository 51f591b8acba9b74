import type { ErrorCode } from '@shared/api/error-codes'
import type { DeskCallError } from '../desk'

/** The provider's refusals of a payout request, said for a treasurer: what happened and what to do. */
const PLAIN: Partial<Record<ErrorCode, string>> = {
  no_approver_available:
    'Nobody can approve payouts in this workspace right now: the provider needs a second approver set up in ' +
    'its console. Nothing was sent; ask an admin, then request the payout again.',
  destination_not_whitelisted:
    'This destination can no longer receive payouts: it is not verified (any more) at the provider. Nothing ' +
    'was sent; verify it in the console or choose another destination.',
}

/** The error with its message in plain words when the refusal is one the treasurer can act on. */
export function explainRefusal(error: DeskCallError): DeskCallError {
  const plain = PLAIN[error.code]
  return plain ? Object.assign(error, { message: plain }) : error
}
