import type { OutboxEntryView } from '../../../../shared/ipc/channels/payouts'
import { Amount } from '../../components/Amount'
import { ShortId } from '../../components/ShortId'
import { Party } from '../../names/Party'

/** An outbox entry's amount, destination (named when known) and Idempotency-Key, as table cells. */
export function EntryCells({ entry }: { entry: OutboxEntryView }) {
  return (
    <>
      <td className="num">
        <Amount value={entry.body.amount} asset={entry.body.asset} />
      </td>
      <td>
        <Party address={entry.body.destination} network={entry.body.network} what="destination address" />
      </td>
      <td>
        <ShortId value={entry.idempotencyKey} what="idempotency key" short />
      </td>
    </>
  )
}
