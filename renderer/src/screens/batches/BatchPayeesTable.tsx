import type { ReactNode } from 'react'
import type { CounterpartyView } from '@shared/ipc/views'
import { canonicalAddress, isLookalike } from '@shared/address/lookalike'
import { Amount } from '../../components/Amount'
import { usePaged } from '../../components/Paged'
import { Section } from '../../components/Section'
import { ShortId } from '../../components/ShortId'
import { StatusChip } from '../../components/StatusChip'
import { useDeskQuery } from '../../data/useDeskQuery'
import { networkName } from '../../format/network-name'
import { UserText } from '../../names/UserText'
import type { ChannelOutput } from '@shared/ipc/channels'

/** A page of the review: 300 rows stay readable, and the confirmation below them stays in reach. */
const PAGE_SIZE = 50

const payeeKey = (network: string, address: string) => `${network}\n${canonicalAddress(network, address)}`

type BatchCheckView = ChannelOutput<'batch.check'>

/** The distinct destinations a batch pays (one address on one network is one destination, however it is spelled). */
export function distinctPayees(rows: BatchCheckView['rows']): number {
  return new Set(rows.map((r) => payeeKey(r.body.network ?? '', r.body.destination))).size
}

/** The book entry a row's address could be mistaken for (same ends, another address), if any. */
function lookalikeOf(book: readonly CounterpartyView[], network: string, address: string): CounterpartyView | null {
  return book.find((c) => c.network === network && isLookalike(network, address, c.address)) ?? null
}

/**
 * The batch's rows as the money will go: each destination's name alone in its cell (isolated, so a right-to-left name
 * cannot move the line numbers or its neighbours), its address, the amount, whether it was ever paid, and whether it
 * looks like another destination of the book. Said "checking" while the book is read, never "no".
 */
export function BatchPayeesTable({ check, title }: { check: BatchCheckView; title: ReactNode }) {
  const book = useDeskQuery('counterparties.list', {}, { staleTime: 30_000 })
  const first = new Set(check.firstPayouts.map((f) => payeeKey(f.network, f.address)))
  const page = usePaged(check.rows, PAGE_SIZE, 'the batch rows')
  const lookalike = (network: string, address: string) => {
    if (!book.data)
      return <span className="muted">{book.error ? 'Not checked: the book could not be read' : 'Checking…'}</span>
    const like = lookalikeOf(book.data, network, address)
    if (!like) return <span className="muted">None found</span>
    // Only the words are a chip: the name and the whole address wrap inside the cell, never past it (issue 54).
    return (
      <span data-testid="batch-lookalike">
        <StatusChip status="looks_like" /> <UserText>{like.label}</UserText>{' '}
        <ShortId value={like.address} what="look-alike address" copy={false} />
      </span>
    )
  }

  return (
    <Section title={title} actions={page.pager}>
      <table className="grid" aria-label="Rows to pay" data-testid="batch-destinations">
        <thead>
          <tr>
            <th className="num">Line</th>
            <th>Destination</th>
            <th>Address</th>
            <th>Network</th>
            <th className="num">Amount</th>
            <th>Payee</th>
            <th>Look-alike</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((r) => {
            const network = r.body.network ?? ''
            const isFirst = first.has(payeeKey(network, r.body.destination))
            return (
              <tr key={r.line} data-testid="batch-destination-row">
                <td className="num">{r.line}</td>
                <td>
                  <UserText>{r.destinationName}</UserText>
                </td>
                <td>
                  <ShortId value={r.body.destination} what="destination address" network={network} />
                </td>
                <td>{networkName(network)}</td>
                <td className="num">
                  <Amount value={r.body.amount} asset={r.body.asset} />
                </td>
                <td>{isFirst ? <StatusChip status="new_payee" /> : <span className="muted">Paid before</span>}</td>
                <td>{lookalike(network, r.body.destination)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </Section>
  )
}
