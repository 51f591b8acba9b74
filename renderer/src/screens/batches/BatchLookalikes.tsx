import type { CounterpartyView } from '@shared/ipc/views'
import { findNetwork } from '@shared/api/networks'
import { ChunkedAddress } from '../../address/ChunkedAddress'
import { Section } from '../../components/Section'
import { UserText } from '../../names/UserText'

/** A row whose address could be mistaken for a destination of the book: both are compared whole. */
export interface LookalikePair {
  line: number
  network: string
  address: string
  like: CounterpartyView
}

/**
 * The one place of the review where whole addresses show (the rows show both ends only, and a look-alike has the
 * same ends): the row's address beside the book's, in groups of 4, what differs marked.
 */
export function BatchLookalikes({ pairs }: { pairs: readonly LookalikePair[] }) {
  return (
    <Section title="Look-alikes: compare every group before sending">
      <table className="grid batch-lookalikes" aria-label="Look-alikes to compare">
        <thead>
          <tr>
            <th className="num">Line</th>
            <th>This row pays</th>
            <th>Looks like</th>
            <th>Its address</th>
          </tr>
        </thead>
        <tbody>
          {pairs.map((p) => {
            const format = findNetwork(p.network)?.format
            const caseInsensitive = format === 'evm' || format === 'bitcoin'
            return (
              <tr key={p.line} data-testid="batch-lookalike-pair">
                <td className="num">{p.line}</td>
                <td>
                  <ChunkedAddress address={p.address} other={p.like.address} caseInsensitive={caseInsensitive} />
                </td>
                <td>
                  <UserText>{p.like.label}</UserText>
                </td>
                <td>
                  <ChunkedAddress address={p.like.address} other={p.address} caseInsensitive={caseInsensitive} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </Section>
  )
}
