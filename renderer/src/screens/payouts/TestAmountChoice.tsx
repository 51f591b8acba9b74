import { restAmount, testAmountProblem } from '@shared/payouts/test-amount'
import { Amount } from '../../components/Amount'
import { Field } from '../../components/Field'

interface Props {
  asset: string
  fullAmount: string
  /** Null: the whole amount is sent. */
  testAmount: string | null
  onChange: (testAmount: string | null) => void
}

/**
 * "Send a test amount first": the person chooses the amount (more than 0, less than the full one); the rest is offered
 * later.
 */
export function TestAmountChoice({ asset, fullAmount, testAmount, onChange }: Props) {
  const problem = testAmount === null || testAmount === '' ? null : testAmountProblem(testAmount, fullAmount, asset)
  return (
    <div className="test-amount" data-testid="test-amount">
      <label className="row">
        <input type="checkbox" checked={testAmount !== null} onChange={(e) => onChange(e.target.checked ? '' : null)} />
        Send a test amount first
      </label>
      {testAmount !== null ? (
        <Field
          label={`Test amount (${asset})`}
          error={problem}
          hint={
            testAmount !== '' && !problem ? (
              <>
                Once it has completed, the app offers the rest:{' '}
                <Amount value={restAmount(fullAmount, testAmount.trim())} asset={asset} /> to the same destination.
              </>
            ) : (
              'More than 0 and less than the full amount.'
            )
          }
        >
          <input
            className="mono"
            inputMode="decimal"
            value={testAmount}
            onChange={(e) => onChange(e.target.value)}
            autoComplete="off"
          />
        </Field>
      ) : null}
    </div>
  )
}
