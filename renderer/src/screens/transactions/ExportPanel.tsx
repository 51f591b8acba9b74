import type { LedgerFilter } from '../../../../shared/api/ledger-query'
import { call } from '../../desk'
import { CsvExportPanel } from '../../components/CsvExportPanel'

/** Exports every ledger row of the current filter to CSV, read on this machine, with progress and a cancel. */
export function ExportPanel({ filter }: { filter: LedgerFilter }) {
  return (
    <CsvExportPanel
      label="Export filter to CSV"
      note="Every movement of the current filter in the ledger, not only the rows loaded, oldest first."
      cancelChannel="transactions.cancelExport"
      run={() => call('transactions.export', filter)}
    />
  )
}
