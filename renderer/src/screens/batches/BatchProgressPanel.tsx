import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { WITHDRAWAL_STATUSES } from '@shared/api/resources'
import type { ChannelOutput } from '@shared/ipc/channels'
import { Amount } from '../../components/Amount'
import { ErrorBox } from '../../components/ErrorBox'
import { usePaged } from '../../components/Paged'
import { Field } from '../../components/Field'
import { ShortId } from '../../components/ShortId'
import { StatusChip, statusLabel } from '../../components/StatusChip'
import { deskKey } from '../../data/desk-keys'
import { readDesk } from '../../data/read-desk'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { asDeskError, type DeskCallError } from '../../desk'
import { UserText } from '../../names/UserText'
import { BatchActions, batchStateWord, isSending, SENDER_CHECK_MS } from './BatchActions'
import { BatchRowAgain } from './BatchRowAgain'
import { approvalLine } from '@shared/payouts/approval-progress'

/**
 * The row's state in the outbox; once accepted, the payout's status at the provider (as `batch status --state` takes
 * them).
 */
const OUTBOX_FILTERS = ['queued', 'accepted', 'refused', 'unknown', 'discarded'] as const
/** Rows a page: a 5,000-row batch is followed without drawing 5,000 rows. */
const PAGE_SIZE = 50

/**
 * A batch's progress, its rows with their outcome and payout status, pause/resume/cancel and the results export. The
 * core sends in the background; each row it sends changes the outbox, and the cache reads the batch again on those
 * events (at most once a second, desk-events.ts).
 */
export function BatchProgressPanel({ batchId }: { batchId: string }) {
  const [filter, setFilter] = useState('')
  const [failure, setFailure] = useState<DeskCallError | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const client = useQueryClient()
  const input = { batchId, ...(filter ? { state: filter } : {}) }
  // While it sends, read again every few seconds: a sending process that is killed tells nothing.
  const last = client.getQueryData<ChannelOutput<'batch.status'>>(deskKey('batch.status', input))
  const read = useDeskQuery('batch.status', input, {
    ...(last && isSending(last.progress) ? { refetchInterval: SENDER_CHECK_MS } : {}),
  })
  const exportBatch = useDeskMutation('batch.export')
  const savePack = useDeskMutation('batch.savePack')
  const status = read.data ?? null
  const page = usePaged(status?.rows ?? [], PAGE_SIZE, 'the batch rows')
  const error = failure ?? read.error

  /** The payouts' current status from the provider, read a page of 100 at a time. */
  const refreshStatuses = async () => {
    try {
      client.setQueryData(deskKey('batch.status', input), await readDesk('batch.status', { ...input, refresh: true }))
      setFailure(null)
    } catch (err) {
      setFailure(asDeskError(err))
    }
  }
  const exportResults = async () => {
    try {
      const r = await exportBatch.mutateAsync({ batchId })
      setNote(r.path ? `Saved ${r.rows} rows to ${r.path}.` : null)
    } catch (err) {
      setFailure(asDeskError(err))
    }
  }

  /** One approval pack for the console's approver instead of one summary per row. */
  const saveApprovalPack = async () => {
    try {
      const r = await savePack.mutateAsync({ batchId })
      setNote(r.path ? `Saved the approval pack of ${r.count} payouts to ${r.path} (list SHA-256 ${r.sha256}).` : null)
    } catch (err) {
      setFailure(asDeskError(err))
    }
  }

  if (!status)
    return error ? (
      <ErrorBox error={error} title="The batch could not be read" onRetry={() => void read.refetch()} />
    ) : null
  const p = status.progress
  return (
    <section className="panel" aria-label="Batch progress" data-testid="batch-progress">
      <h2>
        Batch from <UserText>{status.batch.source}</UserText> <ShortId value={status.batch.id} what="batch id" short />
      </h2>
      <p role="status" data-testid="batch-counts">
        Sent {p.sent} of {p.total}: {p.accepted} accepted, {p.refused} refused, {p.unknown} unknown
        {p.discarded ? `, ${p.discarded} discarded` : ''} — {batchStateWord(p)}
      </p>
      <p data-testid="batch-approvals">Approvals: {approvalLine(p.approval)}</p>
      <progress max={p.total} value={p.sent} aria-label="Rows sent" />
      <BatchActions progress={p} source={status.batch.source} />
      <div className="row">
        <button type="button" onClick={() => void refreshStatuses()}>
          Refresh payout statuses
        </button>
        <button type="button" onClick={() => void exportResults()}>
          Export results (CSV)
        </button>
        <button type="button" onClick={() => void saveApprovalPack()} data-testid="save-approval-pack">
          Save approval pack
        </button>
        <Field label="Show">
          <select value={filter} onChange={(e) => setFilter(e.target.value)}>
            <option value="">every row</option>
            <optgroup label="Sending">
              {OUTBOX_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </optgroup>
            <optgroup label="Payout status">
              {WITHDRAWAL_STATUSES.map((f) => (
                <option key={f} value={f}>
                  {statusLabel(f)}
                </option>
              ))}
            </optgroup>
          </select>
        </Field>
      </div>
      {note ? <p className="notice good">{note}</p> : null}
      {error ? <ErrorBox error={error} /> : null}
      {filter && status.rows.length === 0 ? (
        <p className="muted">No row of this batch is {statusLabel(filter)}.</p>
      ) : null}
      {page.pager}
      <table className="grid" aria-label="Batch rows">
        <thead>
          <tr>
            <th className="num">Line</th>
            <th>Reference</th>
            <th>Destination</th>
            <th className="num">Amount</th>
            <th>State</th>
            <th>Payout</th>
            <th>Reason</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((r) => (
            <tr key={r.idempotencyKey} data-testid="batch-row">
              <td className="num">{r.line}</td>
              <td>{r.reference ? <UserText>{r.reference}</UserText> : null}</td>
              <td>
                <UserText>{r.destination}</UserText>
              </td>
              <td className="num">
                <Amount value={r.amount} asset={r.asset} />
              </td>
              <td>
                {r.payoutStatus ? (
                  <StatusChip status={r.payoutStatus} since={status.batch.createdAt} />
                ) : (
                  statusLabel(r.state)
                )}
                <BatchRowAgain row={r} onRequested={() => void read.refetch()} />
                {r.requestedAgain ? (
                  <span className="small" data-testid="batch-row-again">
                    {' '}
                    requested again as <ShortId value={r.requestedAgain} what="Idempotency-Key" short />
                  </span>
                ) : null}
              </td>
              <td>{r.withdrawalId ? <ShortId value={r.withdrawalId} what="payout id" short /> : '—'}</td>
              <td>{r.error ? <UserText>{r.error}</UserText> : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
