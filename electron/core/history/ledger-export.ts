import type { LedgerFilter } from '../../../shared/api/ledger-query'
import type { DeskStore } from '../store/desk-store'
import { writeCsvExport, type ExportProgress } from '../csv/write'
import { requireFilterCovered } from './ledger-coverage'
import { ledgerCells, ledgerCsvLines, LEDGER_COLUMNS, ledgerExportView, type LedgerExportView } from './ledger-csv'

/** Rows handed to the file writer at a time: progress and a cancel are seen between batches. */
const BATCH = 2_000

/**
 * The ledger's rows of a filter, oldest first, in batches of cells. Each read is its own short
 * store call, so a sync or a payout commits between batches instead of waiting for the export
 * (which reads a snapshot and so never sees those commits).
 */
async function* ledgerBatches(
  store: DeskStore,
  { ledger, notes }: LedgerExportView,
  filter: LedgerFilter,
): AsyncGenerator<Array<Array<string | null>>> {
  const rows = ledger.rows(filter)
  for (;;) {
    const batch = store.read('read the history ledger for the export', () => {
      const out: Array<Array<string | null>> = []
      for (let next = rows.next(); !next.done; next = rows.next()) {
        out.push(ledgerCells(next.value, notes))
        if (out.length === BATCH) break
      }
      return out
    })
    if (batch.length > 0) yield batch
    if (batch.length < BATCH) return
    // Lets the main process answer the screens between batches.
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/**
 * The Transactions screen's export to the chosen file: every ledger row of its filter, in the columns of
 * `withLedgerCsvLines`, with progress and a cancel.
 */
export function exportLedgerCsv(
  store: DeskStore,
  filter: LedgerFilter,
  path: string,
  signal: AbortSignal,
  onProgress: (p: ExportProgress) => void,
): Promise<{ rows: number; cancelled: boolean }> {
  // One view of the ledger for the whole file: a sync committing between two batches adds or changes no row in it.
  return store.snapshot(ledgerExportView, 'export the history ledger', (view) => {
    requireFilterCovered(view.ledger.state(), filter)
    return writeCsvExport(path, LEDGER_COLUMNS, ledgerBatches(store, view, filter), signal, onProgress)
  })
}

/**
 * `payout-desk history export`: the same rows as CSV lines, over one view of the ledger from the coverage check to the
 * last row, handed to `write` (a file or stdout). A period the ledger has not synced is refused as in the app's export.
 */
export function withLedgerCsvLines<T>(
  store: DeskStore,
  filter: LedgerFilter,
  write: (lines: Iterable<string>) => Promise<T>,
): Promise<T> {
  return store.snapshot(ledgerExportView, 'export the history ledger', async (view) => {
    requireFilterCovered(view.ledger.state(), filter)
    return write(ledgerCsvLines(view, filter))
  })
}
