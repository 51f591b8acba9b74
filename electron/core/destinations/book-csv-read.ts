import { cellsByName, readCsvTable, type CsvTableRules } from '../csv/read-table'
import { BOOK_COLUMNS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, REQUIRED_COLUMNS, type BookColumn } from './book-columns'

/** One data row by column name (cells trimmed), with the line it starts on (the header is line 1). */
export interface BookRow {
  line: number
  cells: Partial<Record<BookColumn, string>>
}

/** A problem with its place in the file; `column` is null when it concerns the whole line or file. */
export interface ImportProblem {
  line: number
  column: BookColumn | null
  message: string
}

export type BookRowsResult =
  { ok: true; rows: BookRow[]; problems: ImportProblem[] } | { ok: false; problems: ImportProblem[] }

const TABLE_RULES: CsvTableRules = {
  what: 'a destination file',
  maxBytes: MAX_IMPORT_BYTES,
  maxRows: MAX_IMPORT_ROWS,
  required: REQUIRED_COLUMNS,
  known: BOOK_COLUMNS,
  optionalHint:
    `the others of an export ` +
    `(${BOOK_COLUMNS.filter((c) => !REQUIRED_COLUMNS.includes(c)).join(', ')}) may be present`,
}

/**
 * Reads a destination file into rows by header name, as a batch file is read (`readCsvTable`): the header decides
 * the separator, the limits (10 MB, 10,000 rows) are named when passed. What the cells mean is the import check's job.
 */
export function readBookRows(input: Uint8Array | string): BookRowsResult {
  const table = readCsvTable(input, TABLE_RULES)
  if (!table.ok)
    return { ok: false, problems: [{ line: table.problem.line, column: null, message: table.problem.message }] }
  const { header } = table
  const rows: BookRow[] = []
  const problems: ImportProblem[] = []
  for (const { line, cells } of table.records) {
    if (cells.length !== header.length) {
      problems.push({
        line,
        column: null,
        message:
          `Line ${line} has ${cells.length} cells; the header has ${header.length}. Quote cells that ` +
          `contain the separator.`,
      })
    } else {
      // Trimmed here, before any check: what is checked is what is sent (" =1+1" would be saved as "=1+1").
      rows.push({
        line,
        cells: cellsByName<BookColumn>(
          header,
          cells.map((cell) => cell.trim()),
        ),
      })
    }
  }
  return { ok: true, rows, problems }
}
