import { useMemo } from 'react'
import type { UntrustedText } from '@shared/text/untrusted-text'
import { useDeskQuery } from '../../data/useDeskQuery'

/**
 * The user's own references (a batch row's), by payout id. They are kept locally with the outbox entry and never
 * sent, so the provider's payout list cannot carry them: the outbox (re-read on `outbox.changed`) joins them in.
 */
export function usePayoutReferences(): ReadonlyMap<string, UntrustedText> {
  const outbox = useDeskQuery('payouts.outbox', {})
  return useMemo(
    () =>
      new Map(
        (outbox.data ?? []).flatMap((e) =>
          e.withdrawalId !== null && e.reference ? [[e.withdrawalId, e.reference] as const] : [],
        ),
      ),
    [outbox.data],
  )
}

/** Who asked for each payout (a person in the app, the CLI, the agent, a batch), by payout id, from the outbox. */
export function usePayoutRequesters(): ReadonlyMap<string, UntrustedText> {
  const outbox = useDeskQuery('payouts.outbox', {})
  return useMemo(
    () =>
      new Map(
        (outbox.data ?? []).flatMap((e) => (e.withdrawalId !== null ? [[e.withdrawalId, e.requestedBy] as const] : [])),
      ),
    [outbox.data],
  )
}
