import { ageText } from './age'

/** A request waiting for a place in the key's request budget (epoch ms), and why. */
export interface BudgetWait {
  until: number | null
  reason: 'budget' | 'retry_after'
}

/**
 * What a waiting action waits for and for how long, in the app (beside its button) and the CLI (on stderr): the same
 * words in both.
 */
export function budgetWaitText(
  wait: BudgetWait,
  budget: { limit: number; windowSeconds: number },
  now: number,
): string {
  const per = budget.windowSeconds === 60 ? 'a minute' : `per ${budget.windowSeconds} s`
  const what =
    wait.reason === 'retry_after'
      ? 'Waiting for the provider: it answered “too many requests” and asked to wait'
      : `Waiting for the request budget: all ${budget.limit} requests ${per} of this key are in use ` +
        '(other work and other processes on the key share them)'
  const left = wait.until === null ? null : Math.max(0, wait.until - now)
  if (left === null) return `${what}; it goes on as soon as the requests in flight are answered.`
  return `${what}; about ${ageText(Math.ceil(left / 1000) * 1000)} more.`
}
