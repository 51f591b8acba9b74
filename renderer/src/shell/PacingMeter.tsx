import { budgetWaitText } from '@shared/format/budget-wait'
import { ageText } from '@shared/format/age'
import type { ChannelOutput } from '@shared/ipc/channels'
import { Time } from '../components/Time'
import { useNow } from '../components/useNow'
import { useDeskQuery } from '../data/useDeskQuery'

/** The budget refills with time, which the core announces with no event: the meter reads it again this often. */
const REFILL_READ_MS = 15_000

const BUDGET_HINT =
  'Requests the app may still send this minute before it paces itself. ' +
  'Background work (following payouts, history sync) yields to what you do.'

/**
 * The request budget left this minute, how much of the used part is background work (which yields to the person), and
 * when the provider last answered; re-read on every pacing.changed.
 */
export function PacingMeter() {
  const pacing = useDeskQuery('pacing.status', {}, { refetchInterval: REFILL_READ_MS })
  const { remaining, limit, background, lastSuccessAt } = pacing.data ?? {
    remaining: null,
    limit: null,
    background: undefined,
    lastSuccessAt: null,
  }
  return (
    <span className="muted small topbar-shrink" data-testid="pacing">
      {remaining !== null && limit !== null ? (
        <span title={BUDGET_HINT}>
          Budget {remaining}/{limit}
          {background ? ` (${background} background)` : ''}
        </span>
      ) : (
        <span>Budget unknown</span>
      )}
      {pacing.data?.waiting ? <WaitingNow pacing={pacing.data} /> : null}
      {' · '}
      {lastSuccessAt ? (
        <>
          Refreshed at <Time value={lastSuccessAt} clock />
        </>
      ) : (
        'Not refreshed yet'
      )}
    </span>
  )
}

/** A person's request waiting for the budget, wherever its screen is: how long still, the reason in the tooltip. */
function WaitingNow({ pacing }: { pacing: ChannelOutput<'pacing.status'> }) {
  const now = useNow(1_000)
  const wait = pacing.waiting!
  return (
    <span title={budgetWaitText(wait, pacing, now)} data-testid="pacing-waiting">
      {' · a request waits'}
      {wait.until === null ? '' : ` ${ageText(Math.ceil(Math.max(0, wait.until - now) / 1000) * 1000)}`}
    </span>
  )
}
