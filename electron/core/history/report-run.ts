import type { ReconciliationReport } from '../../../shared/api/ledger-report'
import { DeskError } from '../errors'
import type { DeskStore } from '../store/desk-store'
import type { LedgerRepo } from '../store/ledger-repo'
import { reconcileSteps, type ReportPeriod } from './reconciliation'

/**
 * Builds a report step by step: the main process answers screens and commits payouts between
 * steps, progress is reported, and a cancel stops it between two steps.
 */
export async function buildReport(
  store: DeskStore,
  ledger: LedgerRepo,
  period: ReportPeriod,
  signal?: AbortSignal,
  onProgress?: (rows: number) => void,
): Promise<ReconciliationReport> {
  const steps = reconcileSteps(ledger, period)
  for (;;) {
    const step = store.read('build the reconciliation report from the history ledger', () => steps.next())
    if (step.done) return step.value
    onProgress?.(step.value)
    await new Promise((resolve) => setImmediate(resolve))
    if (signal?.aborted) throw new DeskError('cancelled', 'The report was cancelled.')
  }
}
