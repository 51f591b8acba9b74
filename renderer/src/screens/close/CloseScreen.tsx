import { useState } from 'react'
import { PERIOD_PATTERN } from '@shared/api/close'
import { Field } from '../../components/Field'
import { QueryView } from '../../components/QueryView'
import { ScreenHead } from '../../components/ScreenHead'
import { StatusChip } from '../../components/StatusChip'
import { Time } from '../../components/Time'
import { useDeskQuery } from '../../data/useDeskQuery'
import { UserText } from '../../names/UserText'
import { LockMonth, ReopenMonth } from './CloseActs'
import { MapImport } from './MapImport'

/** The last full month in UTC: the one a controller usually closes next. */
function lastMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  return d.toISOString().slice(0, 7)
}

/**
 * Month-end close: what stands between a month and its close (each with where to fix it), the months locked or
 * reopened, and the account mapping's import; locking, reopening and importing as the person at the desk.
 */
export function CloseScreen() {
  const [typed, setTyped] = useState(lastMonth())
  const [period, setPeriod] = useState<string | null>(null)
  const valid = PERIOD_PATTERN.test(typed)
  return (
    <div>
      <ScreenHead>
        <h1>Month-end close</h1>
      </ScreenHead>
      <form
        className="row"
        aria-label="Month to close"
        onSubmit={(e) => {
          e.preventDefault()
          if (valid) setPeriod(typed)
        }}
      >
        <Field label="Month (YYYY-MM, UTC)" error={valid ? null : 'Write the month as YYYY-MM, such as 2026-11.'}>
          <input value={typed} onChange={(e) => setTyped(e.target.value.trim())} />
        </Field>
        <button type="submit" disabled={!valid}>
          Check the month
        </button>
      </form>
      {period ? <Preparation period={period} /> : null}
      <h2>Closed months</h2>
      <ClosedMonths />
      <h2>Account mapping</h2>
      <MapImport />
    </div>
  )
}

function Preparation({ period }: { period: string }) {
  const query = useDeskQuery('close.prepare', { period })
  return (
    <QueryView query={query} what={`what stands in the way of closing ${period}`} errorTitle="Could not check it">
      {(prep) => (
        <section aria-label={`Closing ${prep.period}`}>
          <p>
            {prep.period}: from <Time value={prep.from} /> to the cutoff <Time value={prep.cutoff} />.{' '}
            {prep.clear ? 'Nothing stands in the way: the month can be locked.' : null}
          </p>
          <ul>
            {prep.blockers.map((b) => (
              <li key={b.kind}>
                <strong>
                  <UserText>{b.message}</UserText>
                </strong>
                <div className="muted small">Fix: {b.fix}</div>
                {b.items.length ? (
                  <ul className="small">
                    {b.items.map((item, i) => (
                      <li key={i}>
                        <UserText>{item}</UserText>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          {prep.blockers.some((b) => b.kind === 'locked') ? null : (
            <LockMonth period={prep.period} clear={prep.clear} />
          )}
          {prep.adjustments.length ? (
            <p className="small">
              {prep.adjustments.length} movements of locked months will be this month&apos;s adjustments.
            </p>
          ) : null}
        </section>
      )}
    </QueryView>
  )
}

function ClosedMonths() {
  const query = useDeskQuery('close.list', {})
  return (
    <QueryView
      query={query}
      what="the closed months"
      errorTitle="Could not read the closed months"
      isEmpty={(rows) => rows.length === 0}
      empty={<p className="muted">No month is closed yet.</p>}
    >
      {(rows) => (
        <table className="grid" aria-label="Closed months">
          <thead>
            <tr>
              <th>Month</th>
              <th>State</th>
              <th>Closed by</th>
              <th>Closed at</th>
              <th>Manifest SHA-256</th>
              <th>Reopen</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.period}-${r.closedAt}`}>
                <td>{r.period}</td>
                <td>
                  <StatusChip status={r.state} />
                  {r.state === 'locked' ? null : (
                    <>
                      {' '}
                      <UserText>{r.reason ?? ''}</UserText>
                    </>
                  )}
                </td>
                <td>
                  <UserText>{r.closedBy}</UserText>
                </td>
                <td>
                  <Time value={r.closedAt} />
                </td>
                <td className="mono small">{r.manifestSha256.slice(0, 16)}…</td>
                <td>{r.state === 'locked' ? <ReopenMonth period={r.period} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryView>
  )
}
