import { Amount } from '../../components/Amount'
import { EmptyState } from '../../components/EmptyState'
import { usePaged } from '../../components/Paged'
import { QueryView } from '../../components/QueryView'
import { Time } from '../../components/Time'
import { useDeskQuery } from '../../data/useDeskQuery'
import { UserText } from '../../names/UserText'
import { BatchActions, batchStateWord, SENDER_CHECK_MS } from './BatchActions'
import type { ChannelOutput } from '@shared/ipc/channels'
import { approvalLine } from '@shared/payouts/approval-progress'

type Listed = ChannelOutput<'batch.list'>
const PAGE_SIZE = 50

/** The profile's batches, newest first: state and progress of each, with its actions and a way into its rows. */
export function BatchList({ onOpen }: { onOpen: (batchId: string) => void }) {
  // Read again on every outbox change (desk-events), also one another process made, at most once a second; and every
  // few seconds, since a sending process that is killed changes nothing in the outbox.
  const list = useDeskQuery('batch.list', {}, { refetchInterval: SENDER_CHECK_MS })
  return (
    <QueryView
      query={list}
      what="batches"
      errorTitle="The batches could not be read"
      isEmpty={(b) => b.length === 0}
      empty={
        <EmptyState title="No batch yet">
          A batch from a CSV file (Payouts, “Batch from CSV”, or the CLI) is listed here from the moment it is recorded.
        </EmptyState>
      }
    >
      {(batches) => <BatchTable batches={batches} onOpen={onOpen} />}
    </QueryView>
  )
}

function BatchTable({ batches, onOpen }: { batches: Listed; onOpen: (batchId: string) => void }) {
  const page = usePaged(batches, PAGE_SIZE, 'batches')
  return (
    <>
      {page.pager}
      <table className="grid" aria-label="Batches">
        <thead>
          <tr>
            <th>Recorded</th>
            <th>File</th>
            <th>By</th>
            <th className="num">Grand total</th>
            <th>Progress</th>
            <th>State</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map(({ batch, progress: p }) => (
            <tr key={batch.id} data-testid="batch-list-row">
              <td className="small">
                <Time value={batch.createdAt} />
              </td>
              <td>
                <button type="button" className="link" onClick={() => onOpen(batch.id)}>
                  <UserText>{batch.source}</UserText>
                </button>
              </td>
              <td className="small">
                <UserText>{batch.requestedBy}</UserText>
              </td>
              <td className="num">
                <Amount value={batch.grandTotal} />
              </td>
              <td data-testid="batch-list-progress">
                <progress max={p.total} value={p.sent} aria-label={`Rows sent of ${batch.id.slice(0, 8)}`} /> Sent{' '}
                {p.sent} of {p.total}: {p.accepted} accepted, {p.refused} refused
                {p.unknown ? `, ${p.unknown} unknown` : ''}
                {p.discarded ? `, ${p.discarded} discarded` : ''}
                <div className="small" data-testid="batch-list-approvals">
                  Approvals: {approvalLine(p.approval)}
                </div>
              </td>
              <td data-testid="batch-list-state">{batchStateWord(p)}</td>
              <td>
                <BatchActions progress={p} source={batch.source} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}
