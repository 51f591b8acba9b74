import { budgetWaitText } from '../../shared/format/budget-wait'
import { watchBudgetWaits } from '../core/session'

/** A command that keeps waiting (a file of rows each behind the budget) says so again at most this often. */
const REPEAT_MS = 15_000
/** Waits shorter than this pass without a word. */
const WORTH_A_LINE_MS = 1_000

/**
 * Says on stderr, as `payout-desk: Waiting for the request budget …; about 18 s more.`, whenever the command's request
 * waits for a place in the key's budget (or for the provider's Retry-After): stdout stays the command's answer.
 * Returns the unsubscribe.
 */
export function reportBudgetWaits(err: (line: string) => void, now: () => number = Date.now): () => void {
  let lastLine = -Infinity
  return watchBudgetWaits((wait, budget) => {
    const at = now()
    if (wait.priority !== 'interactive') return
    if (wait.until !== null && wait.until - at < WORTH_A_LINE_MS) return
    if (at - lastLine < REPEAT_MS) return
    lastLine = at
    err(`payout-desk: ${budgetWaitText(wait, budget, at)}`)
  })
}
