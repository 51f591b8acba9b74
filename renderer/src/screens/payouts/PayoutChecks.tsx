import type { CreateWithdrawal } from '@shared/api/requests'
import type { PayoutCheckView } from '@shared/ipc/channels/payee-checks'
import { useDeskQuery } from '../../data/useDeskQuery'
import { CoreText } from '../../names/CoreText'

const NAME: Record<PayoutCheckView['check'], string> = {
  verified: 'Verified in the book',
  first_payout: 'First payout',
  payee_change: 'Payee change',
  lookalike: 'Look-alike address',
  screening: 'Screening lists',
}
/** Each check as passed or needing attention, in the status chips' colours; a stop is the bad tone. */
const MARK = {
  pass: { word: 'Passed', tone: 'good' },
  ask: { word: 'Attention', tone: 'wait' },
  stop: { word: 'Stop', tone: 'bad' },
} as const

/** The checks the send gate takes for this payout, as `payout explain` lists them; a STOP is never sent. */
export function PayoutChecks({ body }: { body: CreateWithdrawal }) {
  const checks = useDeskQuery('payouts.explain', { body })
  if (!checks.data)
    return checks.error ? <p className="error">The payout's checks could not be read: {checks.error.message}</p> : null
  return (
    <section aria-label="Checks before sending" data-testid="payout-checks">
      <h3>Checks before sending</h3>
      <ul className="checks">
        {checks.data.map((c) => (
          <li key={c.check} data-result={c.result}>
            <span className={`chip chip-${MARK[c.result].tone}`}>{MARK[c.result].word}</span>
            <span>
              <strong>{NAME[c.check]}</strong> <CoreText>{c.detail}</CoreText>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** True when a check stops the payout: the review's Send stays disabled. */
export function useStoppedByChecks(body: CreateWithdrawal): boolean {
  return useDeskQuery('payouts.explain', { body }).data?.some((c) => c.result === 'stop') ?? false
}
