import { useState } from 'react'
import { readDecimal } from '@shared/format/decimal'
import { retypedProblem } from '@shared/payouts/retyped-total'
import { Field } from './Field'

/** What a send of several payouts (a batch file, a pay run's period) asks a person to acknowledge. */
export interface SendFacts {
  /** Destinations no payout has completed to yet. */
  newPayees: number
  /** Lines that repeat a payout already recorded. */
  duplicates: number
  /** The sum a production send asks to be typed again. */
  grandTotal: string
  production: boolean
  /** What is sent, as the production confirmation names it. */
  what: 'batch' | 'period'
}

/** The answers as the core's send takes them. */
export interface SendAnswers {
  confirmDuplicates: boolean
  confirmFirstPayouts: boolean
  retypedTotal: string | null
}

export type Confirmations = ReturnType<typeof useSendConfirmations>

/**
 * The acknowledgements one send needs, held in one place so the batch review and the pay run's send ask the same:
 * every new destination checked, repeated lines confirmed, a production send's grand total typed again.
 */
export function useSendConfirmations(facts: SendFacts) {
  const [first, setFirst] = useState(false)
  const [duplicates, setDuplicates] = useState(false)
  const [retyped, setRetyped] = useState('')
  const totalProblem = facts.production ? retypedProblem(retyped, facts.grandTotal) : null
  const ready =
    (facts.newPayees === 0 || first) && (facts.duplicates === 0 || duplicates) && (!facts.production || !totalProblem)
  const answers: SendAnswers = {
    confirmDuplicates: duplicates,
    confirmFirstPayouts: facts.newPayees > 0 && first,
    retypedTotal: facts.production ? readDecimal(retyped) : null,
  }
  return { facts, first, setFirst, duplicates, setDuplicates, retyped, setRetyped, totalProblem, ready, answers }
}

/** The acknowledgements themselves: shown once the send has no problem left to fix. */
export function SendConfirmations({ confirmations: c }: { confirmations: Confirmations }) {
  const { newPayees, duplicates, production, what } = c.facts
  const checked =
    newPayees === 1
      ? 'I have checked this new destination with its recipient'
      : `I have checked these ${newPayees} new destinations with their recipients`
  return (
    <>
      {newPayees ? (
        <div className="notice warn" data-testid="batch-first-payouts">
          <p>
            <strong>Never paid before:</strong> no payout to{' '}
            {newPayees === 1 ? 'one destination' : `${newPayees} destinations`} of this {what} has completed
            {what === 'batch' ? ' (marked “yes” above)' : ''}. Compare each address with its recipient, or send a test
            amount first.
          </p>
          <label className="row">
            <input type="checkbox" checked={c.first} onChange={(e) => c.setFirst(e.target.checked)} />
            {checked}
          </label>
        </div>
      ) : null}
      {duplicates ? (
        <label>
          <input type="checkbox" checked={c.duplicates} onChange={(e) => c.setDuplicates(e.target.checked)} />{' '}
          {`Pay the ${duplicates} repeated ${what === 'batch' ? 'row' : 'line'}${duplicates === 1 ? '' : 's'} as well`}
        </label>
      ) : null}
      {production ? (
        <Field
          label={`Type the grand total (sum of the amounts) to confirm this PRODUCTION ${what}`}
          hint={`The sum of every amount of the ${what}, as your spreadsheet shows it.`}
          error={c.retyped ? c.totalProblem : null}
        >
          <input className="mono" value={c.retyped} onChange={(e) => c.setRetyped(e.target.value)} autoComplete="off" />
        </Field>
      ) : null}
    </>
  )
}
