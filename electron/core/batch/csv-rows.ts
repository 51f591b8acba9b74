import { cellsByName, readCsvTable, SEPARATOR_NAMES, type CsvTableRules } from '../csv/read-table'

/** The columns a batch file may have; the first three are required in every file. */
export const BATCH_COLUMNS = [
  'destination',
  'amount',
  'asset',
  'network',
  'wallet',
  'fee_priority',
  'reference',
] as const
export type BatchColumn = (typeof BATCH_COLUMNS)[number]
const REQUIRED: readonly BatchColumn[] = ['destination', 'amount', 'asset']

export const MAX_BATCH_ROWS = 10_000
export const MAX_BATCH_BYTES = 5 * 1024 * 1024

/** One data row as the file wrote it, with the line it starts on (1-based, the header is line 1). */
export interface CsvRow {
  line: number
  cells: Partial<Record<BatchColumn, string>>
}

/** A problem with its place in the file; `column` is null when it concerns the whole line or file. */
export interface RowProblem {
  line: number
  column: BatchColumn | null
  message: string
  /** `error` blocks the batch; `confirm` (a duplicate row) needs a person's confirmation. */
  severity: 'error' | 'confirm'
}

export type CsvRowsResult =
  { ok: true; rows: CsvRow[]; problems: RowProblem[]; separator: string } | { ok: false; problems: RowProblem[] }

function fileProblem(message: string, line = 1): CsvRowsResult {
  return { ok: false, problems: [{ line, column: null, message, severity: 'error' }] }
}

const TABLE_RULES: CsvTableRules = {
  what: 'a batch file',
  maxBytes: MAX_BATCH_BYTES,
  maxRows: MAX_BATCH_ROWS,
  required: REQUIRED,
  known: BATCH_COLUMNS,
  optionalHint: 'optional: network, wallet, fee_priority, reference; separated by commas, semicolons or tabs',
  relaxQuotes: true,
}

/**
 * Reads a batch file (bytes from disk, or text pasted from a spreadsheet) into rows by header
 * name. Only the file's shape is checked here; what the cells mean is the batch check's job.
 */
export function readCsvRows(input: Uint8Array | string): CsvRowsResult {
  const table = readCsvTable(input, TABLE_RULES)
  if (!table.ok) return fileProblem(table.problem.message, table.problem.line)
  const { header, separator } = table
  const rows: CsvRow[] = []
  const problems: RowProblem[] = []
  for (const { line, cells } of table.records) {
    if (cells.length !== header.length) problems.push(cellCountProblem(line, cells, header, separator))
    else rows.push({ line, cells: cellsByName<BatchColumn>(header, cells) })
  }
  return { ok: true, rows, problems, separator }
}

/**
 * A row whose cell count is not the header's. An unquoted decimal comma in a comma-separated file
 * (`1,5`) makes exactly one cell too many at the amount: that is said plainly, not as a quoting problem.
 */
function cellCountProblem(
  line: number,
  record: readonly string[],
  header: readonly string[],
  separator: string,
): RowProblem {
  const at = header.indexOf('amount')
  const joined = `${record[at]},${record[at + 1]}`
  if (separator === ',' && record.length === header.length + 1 && /^[0-9]+,[0-9]+$/.test(joined)) {
    return {
      line,
      column: 'amount',
      message:
        `Line ${line}, amount: "${joined}" has a decimal comma, which splits the line into ` +
        `${record.length} cells (the header has ${header.length}); decimal commas are not accepted: write ` +
        `${joined.replace(',', '.')} if that is what you mean.`,
      severity: 'error',
    }
  }
  return {
    line,
    column: null,
    message:
      `Line ${line} has ${record.length} cells; the header has ${header.length} ` +
      `(${SEPARATOR_NAMES[separator]}-separated). Quote cells that contain the separator.`,
    severity: 'error',
  }
}
