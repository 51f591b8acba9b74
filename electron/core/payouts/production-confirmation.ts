import { isRetypedTotal } from '../../../shared/payouts/retyped-total'
import { DeskError } from '../errors'
import type { Profile } from '../profiles/profile'

/**
 * A production payout is confirmed by its amount typed again (the surface hands over the plain decimal it read):
 * checked here, where every request of the app passes, so no page or bridge can send one unconfirmed.
 */
export function confirmProductionAmount(
  profile: Pick<Profile, 'environment'>,
  amount: string,
  retyped: string | null | undefined,
): void {
  if (profile.environment !== 'production') return
  if (isRetypedTotal(retyped ?? null, amount)) return
  throw new DeskError(
    'confirmation_required',
    `This is a PRODUCTION payout: type its amount (${amount}) again to confirm it. Nothing was recorded.`,
  )
}
