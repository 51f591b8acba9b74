import type { LedgerFilter } from '../../../shared/api/ledger-query'
import type { LedgerRepo } from '../store/ledger-repo'
import { cells, COLUMNS, csvLine } from '../exports/csv-export'

/** The ledger's rows as CSV lines, oldest first, in the columns of the app's transaction export. */
export function* ledgerCsvLines(ledger: LedgerRepo, filter: LedgerFilter): Generator<string> {
  yield csvLine(COLUMNS)
  for (const row of ledger.rows(filter)) yield csvLine(cells(row))
}
