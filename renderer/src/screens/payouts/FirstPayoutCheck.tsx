import type { DeskQuery } from '../../data/useDeskQuery'

interface Props {
  first: DeskQuery<'payouts.firstPayout'>
  networkName: string
  ticked: boolean
  onTick: (ticked: boolean) => void
}

/**
 * "Never paid before", as core decided it (no completed payout to this address on this network in the outbox or the
 * ledger), with the tick the review needs before it sends. An answer that could not be read counts as never paid.
 */
export function FirstPayoutCheck({ first, networkName, ticked, onTick }: Props) {
  if (first.isPending) return <p className="muted small">Checking whether this address was paid before…</p>
  if (first.data?.first === false) return null
  return (
    <div className="notice warn" data-testid="first-payout">
      <p>
        <strong>Never paid before.</strong>{' '}
        {first.error
          ? `Whether this address was paid before could not be checked (${first.error.message}), so it is ` +
            `treated as never paid.`
          : `No payout to this address on ${networkName} has completed, in the outbox or the synced history.`}{' '}
        Compare the address and its words with the recipient, or send a test amount first.
      </p>
      <label className="row">
        <input type="checkbox" checked={ticked} onChange={(e) => onTick(e.target.checked)} />I have checked this new
        destination with the recipient
      </label>
    </div>
  )
}
