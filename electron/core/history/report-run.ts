import type { ReconciliationReport } from '../../../shared/api/ledger-report'
import { DeskError } from '../errors'
import type { DeskStore } from '../store/desk-store'
import { ledgerRepo } from '../store/ledger/ledger-repo-factory'
import { reconcileSteps, type ReportPeriod } from './reconciliation'

/**
 * Builds a report step by step over one view of the ledger (a snapshot: a sync committing meanwhile
 * changes nothing it counts): the main process answers screens and commits payouts between steps,
 * progress is reported, and a cancel stops it between two steps.
 */
export function buildReport(
  store: DeskStore,
  period: ReportPeriod,
  signal?: AbortSignal,
  onProgress?: (rows: number) => void,
): Promise<ReconciliationReport> {
  const doing = 'build the reconciliation report from the history ledger'
  return store.snapshot(ledgerRepo, doing, async (ledger) => {
    const steps = reconcileSteps(ledger, period)
    for (;;) {
      const step = store.read(doing, () => steps.next())
      if (step.done) return step.value
      onProgress?.(step.value)
      await new Promise((resolve) => setImmediate(resolve))
      if (signal?.aborted) throw new DeskError('cancelled', 'The report was cancelled.')
    }
  })
}
