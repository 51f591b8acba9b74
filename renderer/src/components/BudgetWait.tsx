import { budgetWaitText } from '@shared/format/budget-wait'
import { useDeskQuery } from '../data/useDeskQuery'
import { useNow } from './useNow'

/**
 * Beside a button whose action is under way: when its request waits for the key's request budget (or the provider's
 * Retry-After), what it waits for and how long, counted down. The core announces a wait as it starts
 * (`pacing.changed`); the budget is read only while the action runs.
 */
export function BudgetWait({ active }: { active: boolean }) {
  const pacing = useDeskQuery('pacing.status', {}, { enabled: active, refetchInterval: 5_000 })
  const now = useNow(1_000)
  const wait = active ? pacing.data?.waiting : null
  if (!wait || !pacing.data) return null
  return (
    <p className="muted small" role="status" data-testid="budget-wait">
      {budgetWaitText(wait, pacing.data, now)}
    </p>
  )
}
