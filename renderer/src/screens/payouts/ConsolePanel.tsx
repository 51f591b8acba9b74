import { Amount } from '../../components/Amount'
import { ErrorBox } from '../../components/ErrorBox'
import { Loading } from '../../components/Loading'
import { usePaged } from '../../components/Paged'
import { ShortId } from '../../components/ShortId'
import { Time } from '../../components/Time'
import { useDeskQuery } from '../../data/useDeskQuery'
import { Party } from '../../names/Party'
import { useNav } from '../../stores/nav'
import { waitingOnConsole } from '../../shell/approval-reminders'
import { ApprovalLife } from './ApprovalLife'
import { CopySummaryButton } from './CopySummaryButton'
import { readCount } from './read-count'
import { ReminderSetting } from './ReminderSetting'
import { SimulatorConsoleButton } from './SimulatorConsoleButton'

/** A page of the panel: the rest of Payouts (search, the payout list) stays in reach with hundreds waiting. */
const PAGE_SIZE = 20

/**
 * "Waiting on the console": payouts an approver has not decided yet, the longest waiting first, each with what to send
 * the approver. Until the list is read it says so (loading, or why it could not be read), never "none".
 */
export function ConsolePanel() {
  const list = useDeskQuery('withdrawals.list', {})
  const go = useNav((s) => s.go)
  const waiting = list.data ? waitingOnConsole(list.data) : null
  const page = usePaged(waiting ?? [], PAGE_SIZE, 'payouts waiting on the console')
  return (
    <section className="panel" aria-label="Waiting on the console" data-testid="console-waiting">
      <h2>Waiting on the console {readCount(waiting?.length ?? null, list.error !== null)}</h2>
      <ReminderSetting />
      {waiting === null ? (
        list.error ? (
          <ErrorBox error={list.error} title="The payouts could not be read" onRetry={() => void list.refetch()} />
        ) : (
          <Loading what="the payouts waiting for approval" />
        )
      ) : waiting.length === 0 ? (
        <p className="muted small">No payout waits for approval.</p>
      ) : (
        <>
          <SimulatorConsoleButton />
          {page.pager}
          <table className="grid">
            <thead>
              <tr>
                <th>Waiting</th>
                <th>Requested</th>
                <th className="num">Amount</th>
                <th>Destination</th>
                <th>Payout id</th>
                {/* The long words in the title: a header one line high whatever the rows (issue 54). */}
                <th title="Summary for the approver" aria-label="Summary for the approver">
                  Summary
                </th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((w) => (
                <tr key={w.id} data-testid="console-waiting-row">
                  <td className="one-line">
                    <ApprovalLife since={w.created_at} />
                  </td>
                  {/* Day and minute only: 300 rows with names at their limit stay one line at 1280 px (issue 54). */}
                  <td className="small one-line">
                    <button type="button" className="link" onClick={() => go('payouts', w.id)}>
                      <Time value={w.created_at} short />
                    </button>
                  </td>
                  <td className="num">
                    <Amount value={w.amount} asset={w.asset} />
                  </td>
                  <td>
                    <Party address={w.destination} network={w.network} what="destination address" inline />
                  </td>
                  <td className="one-line">
                    <ShortId value={w.id} what="payout id" short keep={6} />
                  </td>
                  <td className="one-line">
                    <CopySummaryButton w={w} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  )
}
