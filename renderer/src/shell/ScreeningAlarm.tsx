import { ShortId } from '../components/ShortId'
import { useDeskMutation } from '../data/useDeskMutation'
import { useDeskQuery } from '../data/useDeskQuery'
import { UserText } from '../names/UserText'

/**
 * Payouts still waiting (for approval, or to be sent) to an address a screening list names: an alarm on every screen
 * with one step that cancels them all, and what could not be cancelled, with why.
 */
export function ScreeningAlarm() {
  // Only a profile with a list has anything to find: no read of the book otherwise.
  const lists = useDeskQuery('screening.status', {})
  const hits = useDeskQuery('screening.hits', {}, { enabled: (lists.data?.length ?? 0) > 0, staleTime: 30_000 })
  const cancel = useDeskMutation('screening.cancelHits')
  const payouts = hits.data?.findings.payouts ?? []
  const left = (cancel.data ?? []).filter((c) => c.outcome === 'not_cancelled')
  if (payouts.length === 0 && left.length === 0) return null
  return (
    <div className="notice bad" role="alert" data-testid="screening-alarm">
      {payouts.length > 0 ? (
        <>
          <strong>
            {payouts.length} waiting payout{payouts.length === 1 ? ' goes' : 's go'} to an address on a screening list.
          </strong>
          <ul>
            {payouts.map((p) => (
              <li key={p.withdrawalId ?? p.key} data-testid="screening-hit">
                {p.amount} {p.asset} to <ShortId value={p.destination} what="address" short network={p.network} /> (
                {p.waiting === 'pending_approval' ? 'waiting for approval' : `${p.waiting} in the outbox`}): on{' '}
                <UserText>{p.list}</UserText>, <UserText>{p.entry}</UserText>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="danger"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate({}, { onSettled: () => void hits.refetch() })}
          >
            Cancel {payouts.length === 1 ? 'it' : `all ${payouts.length}`}
          </button>
        </>
      ) : null}
      {left.map((c) => (
        <div key={c.payout.withdrawalId ?? c.payout.key} className="error">
          Not cancelled: {c.payout.withdrawalId ?? c.payout.key}: {c.problem}
        </div>
      ))}
      {cancel.error ? <span className="error"> {cancel.error.message}</span> : null}
    </div>
  )
}
