import type { OutboxEntryView } from '@shared/ipc/channels/payouts'
import { Amount } from '../../components/Amount'
import { ShortId } from '../../components/ShortId'
import { Party } from '../../names/Party'
import { UserText } from '../../names/UserText'

/** The columns of `EntryCells` in a fixed-layout table (History's widths, components.css). */
export function EntryCols() {
  return (
    <>
      <col className="col-amount" />
      <col />
      <col className="col-name" />
      <col className="col-id" />
    </>
  )
}

/** The header cells of `EntryCells`, in their order. */
export function EntryHeads() {
  return (
    <>
      <th className="num">Amount</th>
      <th>Destination</th>
      <th>Reference</th>
      <th>Idempotency-Key</th>
    </>
  )
}

/**
 * An outbox entry's amount, destination (named when known), the user's reference and Idempotency-Key as table cells,
 * one line as in History (issue 54): names and the reference cut to their cell, whole in their title.
 */
export function EntryCells({ entry }: { entry: OutboxEntryView }) {
  return (
    <>
      <td className="num">
        <Amount value={entry.body.amount} asset={entry.body.asset} />
      </td>
      <td>
        <Party address={entry.body.destination} network={entry.body.network} what="destination address" inline />
      </td>
      <td data-testid="entry-reference">{entry.reference ? <UserText>{entry.reference}</UserText> : null}</td>
      <td className="id-cell">
        <ShortId value={entry.idempotencyKey} what="idempotency key" short />
      </td>
    </>
  )
}
