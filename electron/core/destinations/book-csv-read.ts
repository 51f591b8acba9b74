import { CsvError, parse } from 'csv-parse/sync'
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

export type BookRowsResult = { ok: true; rows: BookRow[]; problems: ImportProblem[] } | { ok: false; problems: ImportProblem[] }

const SEPARATORS = [',', ';', '\t'] as const

const fileProblem = (message: string, line = 1): BookRowsResult => ({ ok: false, problems: [{ line, column: null, message }] })

const headerNames = (firstLine: string, sep: string) => firstLine.split(sep).map((n) => n.trim().replace(/^"|"$/g, '').toLowerCase())

/**
 * Reads a destination file into rows by header name, as a batch file is read: the header decides the separator,
 * the limits (10 MB, 10,000 rows) are named when passed. What the cells mean is the import check's job.
 */
export function readBookRows(input: Uint8Array | string): BookRowsResult {
  const size = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength
  if (size > MAX_IMPORT_BYTES) return fileProblem(`The file is ${(size / 1024 / 1024).toFixed(1)} MB; a destination file is at most 10 MB. Split it into several files.`)
  let text: string
  try {
    text = typeof input === 'string' ? input : new TextDecoder('utf-8', { fatal: true }).decode(input)
  } catch {
    return fileProblem('The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.')
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  if (text.includes('\u0000')) return fileProblem('The file is not a CSV text file (it holds binary data).')
  if (text.trim() === '') return fileProblem(`The file is empty. The first line must be a header: ${REQUIRED_COLUMNS.join(', ')}, ...`)
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  const separator = SEPARATORS.find((sep) => REQUIRED_COLUMNS.every((r) => headerNames(firstLine, sep).includes(r)))
  if (separator === undefined) {
    const names = SEPARATORS.map((sep) => headerNames(firstLine, sep)).sort((a, b) => b.length - a.length)[0]!
    return fileProblem(
      `The header (line 1) has no ${REQUIRED_COLUMNS.filter((r) => !names.includes(r)).join(', ')} column. Required columns: ${REQUIRED_COLUMNS.join(', ')}; the others of an export (${BOOK_COLUMNS.filter((c) => !REQUIRED_COLUMNS.includes(c)).join(', ')}) may be present.`,
    )
  }
  let records: Array<{ record: string[]; info: { lines: number } }>
  try {
    records = parse(text, { delimiter: separator, info: true, relax_column_count: true, skip_empty_lines: true, trim: false }) as unknown as typeof records
  } catch (err) {
    if (err instanceof CsvError) return fileProblem(`The file is not valid CSV: ${err.message.replace(/^[^:]*: /, '')}.`, (err as unknown as { lines?: number }).lines ?? 1)
    throw err
  }
  const [head, ...body] = records
  const header = head!.record.map((h) => h.trim().toLowerCase())
  const unknown = header.filter((h) => !(BOOK_COLUMNS as readonly string[]).includes(h))
  if (unknown.length > 0) return fileProblem(`The header (line 1) has unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}. Columns: ${BOOK_COLUMNS.join(', ')}.`)
  const repeated = header.find((h, i) => header.indexOf(h) !== i)
  if (repeated !== undefined) return fileProblem(`The header (line 1) names the column "${repeated}" twice.`)
  if (body.length === 0) return fileProblem('The file has a header but no rows.')
  if (body.length > MAX_IMPORT_ROWS)
    return fileProblem(`The file has ${body.length.toLocaleString('en')} rows; a destination file has at most ${MAX_IMPORT_ROWS.toLocaleString('en')} rows. Split it into several files.`)
  const rows: BookRow[] = []
  const problems: ImportProblem[] = []
  for (const { record, info } of body) {
    // csv-parse counts the line a record ends on; quoted newlines inside it move its start up.
    const line = info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0)
    if (record.length !== header.length) {
      problems.push({ line, column: null, message: `Line ${line} has ${record.length} cells; the header has ${header.length}. Quote cells that contain the separator.` })
      continue
    }
    const cells: BookRow['cells'] = {}
    // Trimmed here, before any check: what is checked is what is sent (" =1+1" would be saved as "=1+1").
    header.forEach((name, i) => (cells[name as BookColumn] = record[i]!.trim()))
    rows.push({ line, cells })
  }
  return { ok: true, rows, problems }
}
