import { EmptyState } from '../../components/EmptyState'
import { QueryView } from '../../components/QueryView'
import { useDeskQuery } from '../../data/useDeskQuery'
import { UserText } from '../../names/UserText'
import { useNav } from '../../stores/nav'
import { RunPreviewPanel } from './RunPreviewPanel'
import { ScreenHead } from '../../components/ScreenHead'

const DUE = { overdue: 'Overdue', due_today: 'Due today', upcoming: 'Upcoming', ended: 'Ended' } as const

/** The profile's pay runs with each one's next due period; a run opens its period's preview. */
export function PayRunsScreen() {
  const detailId = useNav((s) => s.detailId)
  return detailId ? <RunPreviewPanel name={detailId} /> : <RunList />
}

function RunList() {
  const go = useNav((s) => s.go)
  const runs = useDeskQuery('payRuns.list', {})
  return (
    <div>
      <ScreenHead>
        <h1>Pay runs</h1>
        <span className="spacer" />
        <button type="button" onClick={() => void runs.refetch()} disabled={runs.isFetching}>
          Refresh
        </button>
      </ScreenHead>
      <QueryView
        query={runs}
        what="pay runs"
        errorTitle="Pay runs could not be read"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState title="No pay runs yet">
            <p>
              Keep one with payout-desk run add (a name, an RFC 5545 schedule and a lines file), or import a run file.
            </p>
          </EmptyState>
        }
      >
        {(list) => (
          <table className="grid" aria-label="Pay runs">
            <thead>
              <tr>
                <th>Run</th>
                <th>Next period</th>
                <th>Due</th>
                <th className="num">Lines</th>
                <th>Last sent</th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.id}>
                  <td>
                    <button type="button" className="link" onClick={() => go('payRuns', r.name)}>
                      <UserText>{r.name}</UserText>
                    </button>
                  </td>
                  <td>{r.next.period ?? '-'}</td>
                  <td>
                    {r.next.state === 'overdue' || r.next.state === 'due_today' ? (
                      <strong>{DUE[r.next.state]}</strong>
                    ) : (
                      DUE[r.next.state]
                    )}
                  </td>
                  <td className="num">{r.lines}</td>
                  <td>{r.lastSent ?? '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryView>
    </div>
  )
}
