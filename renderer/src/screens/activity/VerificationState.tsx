import type { Verification } from '@shared/ipc/channels/activity'
import { ErrorBox } from '../../components/ErrorBox'
import { useDeskQuery } from '../../data/useDeskQuery'

/**
 * The chain's state, never hidden: the quick check (rows since the last verified one) first, then the walk of every
 * row; a break names its row.
 */
export function VerificationState() {
  const quick = useDeskQuery('activity.verify', { whole: false })
  // The walk of every row runs once a minute at most however often the view is opened; new rows are in the quick check.
  const whole = useDeskQuery('activity.verify', { whole: true }, { enabled: quick.isSuccess, staleTime: 60_000 })
  if (quick.error)
    return (
      <ErrorBox error={quick.error} title="The audit log could not be verified" onRetry={() => void quick.refetch()} />
    )
  const state = shownState(quick.data, whole.data)
  if (!state) return <p className="small muted">Verifying the audit log…</p>
  return <Line state={state} checking={!whole.data} />
}

/**
 * A break found by either check wins; else the check that reached further (the quick one covers rows written since the
 * walk).
 */
function shownState(quick: Verification | undefined, whole: Verification | undefined): Verification | undefined {
  if (whole && !whole.ok) return whole
  if (quick && !quick.ok) return quick
  if (!whole || !quick) return quick ?? whole
  return quick.verifiedTo > whole.verifiedTo ? { ...quick, whole: true } : whole
}

function Line({ state, checking }: { state: Verification; checking: boolean }) {
  if (!state.ok) {
    return (
      <p className="notice prod" role="alert" data-testid="audit-verification">
        The audit log is broken at row {state.brokenSeq}: {state.problem}. Rows 1 to {state.verifiedTo} hold; rows after
        the break cannot be trusted.
      </p>
    )
  }
  return (
    <p className="small" role="status" data-testid="audit-verification">
      Verified to row {state.verifiedTo} of {state.rows}: every row is chained to the one before.{' '}
      {checking ? (
        <span className="muted">Checking every row again from the first…</span>
      ) : (
        <span className="muted">Every row was checked from the first.</span>
      )}
    </p>
  )
}
