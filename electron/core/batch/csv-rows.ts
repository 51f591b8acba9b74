import { CsvError, parse } from 'csv-parse/sync'

/** The columns a batch file may have; the first three are required in every file. */
export const BATCH_COLUMNS = ['destination', 'amount', 'asset', 'network', 'wallet', 'fee_priority', 'reference'] as const
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

export type CsvRowsResult = { ok: true; rows: CsvRow[]; problems: RowProblem[]; separator: string } | { ok: false; problems: RowProblem[] }

const SEPARATORS = [',', ';', '\t'] as const
const SEPARATOR_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' }

function fileProblem(message: string, line = 1): CsvRowsResult {
  return { ok: false, problems: [{ line, column: null, message, severity: 'error' }] }
}

/**
 * The header decides the separator: the one that splits the first line into known column
 * names. Guessing from cell counts could read a decimal comma in a `;` file as a separator.
 */
function separatorOf(firstLine: string): string | null {
  return SEPARATORS.find((sep) => REQUIRED.every((r) => headerNames(firstLine, sep).includes(r))) ?? null
}

function headerNames(firstLine: string, sep: string): string[] {
  return firstLine.split(sep).map((n) => n.trim().replace(/^"|"$/g, '').toLowerCase())
}

/**
 * Reads a batch file (bytes from disk, or text pasted from a spreadsheet) into rows by header
 * name. Only the file's shape is checked here; what the cells mean is the batch check's job.
 */
export function readCsvRows(input: Uint8Array | string): CsvRowsResult {
  const size = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength
  if (size > MAX_BATCH_BYTES) return fileProblem(`The file is ${(size / 1024 / 1024).toFixed(1)} MB; a batch file is at most 5 MB. Split it into several batches.`)
  let text: string
  if (typeof input === 'string') {
    text = input
  } else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input)
    } catch {
      return fileProblem('The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.')
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  if (text.includes('\u0000')) return fileProblem('The file is not a CSV text file (it holds binary data).')
  if (text.trim() === '') return fileProblem('The file is empty. The first line must be a header: destination, amount, asset, ...')
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  const separator = separatorOf(firstLine)
  if (separator === null) {
    // Name what is missing as the likeliest separator (the one that splits the header most) reads it.
    const names = SEPARATORS.map((sep) => headerNames(firstLine, sep)).sort((a, b) => b.length - a.length)[0]!
    const missing = REQUIRED.filter((r) => !names.includes(r))
    return fileProblem(
      `The header (line 1) has no ${missing.join(', ')} column. Required columns: ${REQUIRED.join(', ')}; optional: network, wallet, fee_priority, reference; separated by commas, semicolons or tabs.`,
    )
  }
  let records: Array<{ record: string[]; info: { lines: number } }>
  try {
    records = parse(text, { delimiter: separator, info: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: false }) as unknown as typeof records
  } catch (err) {
    if (err instanceof CsvError) return fileProblem(`The file is not valid CSV: ${err.message.replace(/^[^:]*: /, '')}.`, (err as unknown as { lines?: number }).lines ?? 1)
    throw err
  }
  const [head, ...body] = records
  const header = head!.record.map((h) => h.trim().toLowerCase())
  const problems: RowProblem[] = []
  const unknown = header.filter((h) => !(BATCH_COLUMNS as readonly string[]).includes(h))
  if (unknown.length > 0) {
    return fileProblem(`The header (line 1) has unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}. Columns: ${BATCH_COLUMNS.join(', ')}.`)
  }
  const repeated = header.filter((h, i) => header.indexOf(h) !== i)
  if (repeated.length > 0) return fileProblem(`The header (line 1) names the column "${repeated[0]}" twice.`)
  if (body.length === 0) return fileProblem('The file has a header but no rows.')
  if (body.length > MAX_BATCH_ROWS) return fileProblem(`The file has ${body.length} rows; a batch has at most ${MAX_BATCH_ROWS.toLocaleString('en')} rows. Split it into several batches.`)
  const rows: CsvRow[] = []
  for (const { record, info } of body) {
    // csv-parse counts the line a record ends on; quoted newlines inside it move its start up.
    const line = info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0)
    if (record.length !== header.length) {
      problems.push(cellCountProblem(line, record, header, separator))
      continue
    }
    const cells: CsvRow['cells'] = {}
    header.forEach((name, i) => (cells[name as BatchColumn] = record[i]!))
    rows.push({ line, cells })
  }
  return { ok: true, rows, problems, separator }
}

/**
 * A row whose cell count is not the header's. An unquoted decimal comma in a comma-separated file
 * (`1,5`) makes exactly one cell too many at the amount: that is said plainly, not as a quoting problem.
 */
function cellCountProblem(line: number, record: readonly string[], header: readonly string[], separator: string): RowProblem {
  const at = header.indexOf('amount')
  const joined = `${record[at]},${record[at + 1]}`
  if (separator === ',' && record.length === header.length + 1 && /^[0-9]+,[0-9]+$/.test(joined)) {
    return {
      line,
      column: 'amount',
      message: `Line ${line}, amount: "${joined}" has a decimal comma, which splits the line into ${record.length} cells (the header has ${header.length}); decimal commas are not accepted: write ${joined.replace(',', '.')} if that is what you mean.`,
      severity: 'error',
    }
  }
  return {
    line,
    column: null,
    message: `Line ${line} has ${record.length} cells; the header has ${header.length} (${SEPARATOR_NAMES[separator]}-separated). Quote cells that contain the separator.`,
    severity: 'error',
  }
}
