import { useState } from 'react'
import { MAX_BACKTEST_DAYS } from '@shared/policy/backtest-report'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useDeskMutation } from '../../data/useDeskMutation'
import { BacktestResult } from './BacktestResult'
import { policyOf, type PolicyDraft } from './policy-form'

/**
 * Beside the policy form: replays the profile's recorded agent payout requests under the policy as the form now
 * reads, before anyone saves it. Reads the store only; nothing is changed or sent.
 */
export function PolicyBacktestPanel({ profileId, draft }: { profileId: string; draft: PolicyDraft }) {
  const backtest = useDeskMutation('policy.backtest')
  const [days, setDays] = useState('30')
  const [problem, setProblem] = useState<{ days?: string; form?: string }>({})

  const start = () => {
    const text = days.trim()
    const n = Number(text)
    const daysOk = /^\d+$/.test(text) && n >= 1 && n <= MAX_BACKTEST_DAYS
    const read = policyOf(draft)
    const formProblem = 'problems' in read ? Object.values(read.problems)[0] : undefined
    setProblem({
      days: daysOk ? undefined : `The period is a whole number of days from 1 to ${MAX_BACKTEST_DAYS}.`,
      form: formProblem && `The proposed policy cannot be backtested until the form is right: ${formProblem}`,
    })
    // A result stays only beside the input it answers.
    backtest.reset()
    if (!daysOk || 'problems' in read) return
    backtest.mutate({ profileId, policy: read.policy, days: n })
  }

  return (
    <section className="panel" aria-label="Policy backtest" aria-busy={backtest.isPending}>
      <h4>Backtest this policy</h4>
      <p className="small muted">
        What the policy in the form would have done with the agent&apos;s recorded payout requests, from this
        computer&apos;s store alone.
      </p>
      <div className="row">
        <Field label="Period (days)" error={problem.days}>
          <input inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
        </Field>
        <button type="button" disabled={backtest.isPending} onClick={start}>
          {backtest.isPending ? 'Running backtest…' : 'Run backtest'}
        </button>
      </div>
      {problem.form ? (
        <p className="field-error" role="alert">
          {problem.form}
        </p>
      ) : null}
      {backtest.isPending ? (
        <p className="muted" role="status" data-testid="backtest-running">
          Running the backtest…
        </p>
      ) : null}
      {backtest.error ? <ErrorBox error={backtest.error} title="The backtest did not run" /> : null}
      {backtest.data && !backtest.isPending ? <BacktestResult report={backtest.data} /> : null}
    </section>
  )
}
