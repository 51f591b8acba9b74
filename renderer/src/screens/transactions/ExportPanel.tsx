import { call } from '../../desk'
import { CsvExportPanel } from '../../components/CsvExportPanel'
import type { TxFilter } from './tx-store'

/** Exports the filtered range to CSV; the core follows the cursor to the end and reports progress. */
export function ExportPanel({ filter }: { filter: TxFilter }) {
  return (
    <CsvExportPanel
      label="Export range to CSV"
      note="Exports every movement of the current filter, not only the loaded rows."
      cancelChannel="transactions.cancelExport"
      run={() =>
        call('transactions.export', {
          ...(filter.walletId ? { wallet_id: filter.walletId } : {}),
          ...(filter.after ? { created_after: filter.after } : {}),
          ...(filter.before ? { created_before: filter.before } : {}),
        })
      }
    />
  )
}
