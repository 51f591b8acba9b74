import type { OutboxEntryView } from '@shared/ipc/channels/payouts'
import { Amount } from '../../components/Amount'
import { ShortId } from '../../components/ShortId'
import { Party } from '../../names/Party'
import { UserText } from '../../names/UserText'

/**
 * An outbox entry's amount, destination (named when known) with the user's reference, and Idempotency-Key, as table
 * cells.
 */
export function EntryCells({ entry }: { entry: OutboxEntryView }) {
  return (
    <>
      <td className="num">
        <Amount value={entry.body.amount} asset={entry.body.asset} />
      </td>
      <td>
        <Party address={entry.body.destination} network={entry.body.network} what="destination address" />
        {entry.reference ? (
          <div className="small" data-testid="entry-reference">
            Reference <UserText>{entry.reference}</UserText>
          </div>
        ) : null}
      </td>
      <td>
        <ShortId value={entry.idempotencyKey} what="idempotency key" short />
      </td>
    </>
  )
}
