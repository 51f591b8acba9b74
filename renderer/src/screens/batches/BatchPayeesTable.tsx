import type { ReactNode } from 'react'
import type { CounterpartyView } from '@shared/ipc/views'
import { canonicalAddress, isLookalike } from '@shared/address/lookalike'
import { Amount, fractionSlot, moneyWidth } from '../../components/Amount'
import { usePaged } from '../../components/Paged'
import { Section } from '../../components/Section'
import { ShortId } from '../../components/ShortId'
import { StatusChip } from '../../components/StatusChip'
import { useDeskQuery } from '../../data/useDeskQuery'
import { networkName } from '../../format/network-name'
import { UserText } from '../../names/UserText'
import type { ChannelOutput } from '@shared/ipc/channels'
import { BatchLookalikes, type LookalikePair } from './BatchLookalikes'

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
 * The batch's rows as the money will go, each one line (issue 54): the destination's name cut at its end (isolated,
 * so a right-to-left name cannot move the line numbers or its neighbours), its address by both ends (whole in its
 * title and on Copy), the amount, whether it was ever paid, and whether it looks like another destination of the
 * book, said "checking" while the book is read, never "no". Look-alikes are then compared whole below the rows.
 */
export function BatchPayeesTable({ check, title }: { check: BatchCheckView; title: ReactNode }) {
  const book = useDeskQuery('counterparties.list', {}, { staleTime: 30_000 })
  const first = new Set(check.firstPayouts.map((f) => payeeKey(f.network, f.address)))
  const page = usePaged(check.rows, PAGE_SIZE, 'the batch rows')
  const amounts = page.rows.map((r) => r.body.amount)
  const pairs: LookalikePair[] = []
  const known = book.data
  if (known)
    for (const r of check.rows) {
      const network = r.body.network ?? ''
      const like = lookalikeOf(known, network, r.body.destination)
      if (like) pairs.push({ line: r.line, network, address: r.body.destination, like })
    }
  const likes = new Map(pairs.map((p) => [p.line, p.like]))
  const lookalike = (line: number) => {
    if (!book.data)
      return <span className="muted">{book.error ? 'Not checked: the book could not be read' : 'Checking…'}</span>
    const like = likes.get(line)
    if (!like) return <span className="muted">None found</span>
    // The name only: both whole addresses are compared side by side below the rows, never shortened here.
    return (
      <span className="chip-and-name" data-testid="batch-lookalike">
        <StatusChip status="looks_like" /> <UserText>{like.label}</UserText>
      </span>
    )
  }

  return (
    <>
      <Section title={title} actions={page.pager}>
        <table
          className="grid batch-rows"
          aria-label="Rows to pay"
          data-testid="batch-destinations"
          style={{ ...fractionSlot(amounts, '--column-frac'), ...moneyWidth(amounts) }}
        >
          {/* Fixed columns (components.css): each row one line whatever the names' length. */}
          <colgroup>
            <col className="col-line" />
            <col />
            <col className="col-address" />
            <col className="col-network" />
            <col className="col-amount" />
            <col className="col-payee" />
            <col />
          </colgroup>
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
                    <ShortId value={r.body.destination} what="destination address" network={network} short />
                  </td>
                  <td title={networkName(network)}>{networkName(network)}</td>
                  <td className="num">
                    <Amount value={r.body.amount} asset={r.body.asset} />
                  </td>
                  <td>{isFirst ? <StatusChip status="new_payee" /> : <span className="muted">Paid before</span>}</td>
                  <td>{lookalike(r.line)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </Section>
      {pairs.length ? <BatchLookalikes pairs={pairs} /> : null}
    </>
  )
}
