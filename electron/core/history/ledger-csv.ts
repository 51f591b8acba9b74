import type { LedgerFilter, LedgerRow } from '../../../shared/api/ledger-query'
import type { LedgerRepo } from '../store/ledger-repo'
import { cells, COLUMNS, csvLine } from '../exports/csv-export'

/** The transaction export's columns, and whether the leg is flagged as suspected address poisoning ("yes" or empty). */
export const LEDGER_COLUMNS = [...COLUMNS, 'suspected_poisoning'] as const

export function ledgerCells(row: LedgerRow): Array<string | null> {
  return [...cells(row), row.suspected_poisoning ? 'yes' : '']
}

/** The ledger's rows as CSV lines, oldest first, in the columns of the app's ledger export. */
export function* ledgerCsvLines(ledger: LedgerRepo, filter: LedgerFilter): Generator<string> {
  yield csvLine(LEDGER_COLUMNS)
  for (const row of ledger.rows(filter)) yield csvLine(ledgerCells(row))
}
