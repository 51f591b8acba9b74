import { MAX_BACKTEST_DAYS, type BacktestReport } from '../../../shared/policy/backtest-report'
import { policyFromFile } from '../../../shared/policy/policy-file'
import { DeskError } from '../errors'
import type { DeskStore } from '../store'
import { agentRequestsRepo } from '../store/policy/agent-requests-repo'
import { storeRates } from './payout-context'
import { backtest, backtestSpan } from './policy-backtest'

/** The proposed policy (its file text) over the profile's recorded agent requests of the last `days` days. */
export function backtestPolicy(store: DeskStore, fileText: string, days: number, now = new Date()): BacktestReport {
  const read = policyFromFile(fileText)
  if ('problem' in read)
    throw new DeskError('invalid_input', `The proposed policy cannot be backtested: ${read.problem}.`)
  if (!Number.isInteger(days) || days < 1 || days > MAX_BACKTEST_DAYS)
    throw new DeskError('invalid_input', `The backtest covers 1 to ${MAX_BACKTEST_DAYS} whole days; got ${days}.`)
  const span = backtestSpan(now, days)
  return store.read('backtest the agent policy', () =>
    backtest(read.policy, store.repo(agentRequestsRepo).since(span.readFrom, span.to), storeRates(store), span),
  )
}
