import { CsvError, parse } from 'csv-parse/sync'
import { z } from 'zod'

/** What csv-parse gives with `info: true` (its types say string[][]): each record with the line it ends on. */
const RecordsSchema = z.array(z.object({ record: z.array(z.string()), info: z.object({ lines: z.number() }) }))

/** One data record with the line it starts on (1-based; the header is line 1). */
export interface CsvRecord {
  line: number
  cells: string[]
}

/** A file-wide problem, with the line it concerns. */
export interface CsvFileProblem {
  line: number
  message: string
}

export type CsvTable =
  { ok: true; header: string[]; records: CsvRecord[]; separator: string } | { ok: false; problem: CsvFileProblem }

export interface CsvTableRules {
  /** What the file is, for messages: "a batch file", "a destination file". */
  what: string
  maxBytes: number
  maxRows: number
  /** Header names the file must have (lower case); the separator is the one that splits the header into all of them. */
  required: readonly string[]
  /** Every header name the file may have; any other is refused by name. */
  known: readonly string[]
  /** Read when the header names none of the required columns: the columns a person may add. */
  optionalHint: string
  /** Separators tried in this order. */
  separators?: readonly string[]
  /** csv-parse's `relax_quotes`: a quote inside an unquoted cell is kept as text. */
  relaxQuotes?: boolean
}

const SEPARATORS = [',', ';', '\t'] as const
export const SEPARATOR_NAMES: Readonly<Record<string, string>> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' }

const headerNames = (firstLine: string, sep: string) =>
  firstLine.split(sep).map((n) => n.trim().replace(/^"|"$/g, '').toLowerCase())
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
const fail = (message: string, line = 1): CsvTable => ({ ok: false, problem: { line, message } })

/** Bytes from disk or text pasted from a spreadsheet, as text: UTF-8 only, without a BOM, never binary. */
function textOf(input: Uint8Array | string): string | CsvTable {
  let text: string
  try {
    text = typeof input === 'string' ? input : new TextDecoder('utf-8', { fatal: true }).decode(input)
  } catch {
    return fail('The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.')
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  if (text.includes('\u0000')) return fail('The file is not a CSV text file (it holds binary data).')
  return text
}

/**
 * Reads a CSV file a person gives the desk (a batch, a destination book) into records under a header, the one
 * way every import does: the limits named when passed, the header deciding the separator (a guess from cell counts
 * could read a decimal comma in a `;` file as one), unknown and repeated columns refused, each record with the line
 * it starts on. What the cells mean is the caller's check; a record whose cell count is not the header's is kept for
 * the caller to name.
 */
export function readCsvTable(input: Uint8Array | string, rules: CsvTableRules): CsvTable {
  const size = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength
  if (size > rules.maxBytes)
    return fail(
      `The file is ${mb(size)} MB; ${rules.what} is at most ${mb(rules.maxBytes).replace(/\.0$/, '')} MB. ` +
        `Split it into several files.`,
    )
  const text = textOf(input)
  if (typeof text !== 'string') return text
  if (text.trim() === '')
    return fail(`The file is empty. The first line must be a header: ${rules.required.join(', ')}, ...`)
  const separators = rules.separators ?? SEPARATORS
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  const separator = separators.find((sep) => rules.required.every((r) => headerNames(firstLine, sep).includes(r)))
  if (separator === undefined) {
    // Name what is missing as the likeliest separator (the one that splits the header most) reads it.
    const names = separators.map((sep) => headerNames(firstLine, sep)).sort((a, b) => b.length - a.length)[0]!
    const missing = rules.required.filter((r) => !names.includes(r))
    return fail(
      `The header (line 1) has no ${missing.join(', ')} column. Required columns: ` +
        `${rules.required.join(', ')}; ${rules.optionalHint}.`,
    )
  }
  let parsed: z.infer<typeof RecordsSchema>
  try {
    const options = {
      delimiter: separator,
      info: true,
      relax_column_count: true,
      relax_quotes: rules.relaxQuotes ?? false,
      skip_empty_lines: true,
      trim: false,
    } as const
    parsed = RecordsSchema.parse(parse(text, options))
  } catch (err) {
    if (err instanceof CsvError)
      return fail(
        `The file is not valid CSV: ${err.message.replace(/^[^:]*: /, '')}.`,
        typeof err.lines === 'number' ? err.lines : 1,
      )
    throw err
  }
  const [head, ...body] = parsed
  const header = head!.record.map((h) => h.trim().toLowerCase())
  const unknown = header.filter((h) => !rules.known.includes(h))
  if (unknown.length > 0)
    return fail(
      `The header (line 1) has unknown column${unknown.length > 1 ? 's' : ''} ` +
        `${unknown.map((u) => `"${u}"`).join(', ')}. Columns: ${rules.known.join(', ')}.`,
    )
  const repeated = header.find((h, i) => header.indexOf(h) !== i)
  if (repeated !== undefined) return fail(`The header (line 1) names the column "${repeated}" twice.`)
  if (body.length === 0) return fail('The file has a header but no rows.')
  if (body.length > rules.maxRows) {
    return fail(
      `The file has ${body.length.toLocaleString('en')} rows; ${rules.what} has at most ` +
        `${rules.maxRows.toLocaleString('en')} rows. Split it into several files.`,
    )
  }
  // csv-parse counts the line a record ends on; quoted newlines inside it move its start up.
  const records = body.map(({ record, info }) => ({
    line: info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0),
    cells: record,
  }))
  return { ok: true, header, records, separator }
}

/** The cells of a record by header name. */
export function cellsByName<C extends string>(
  header: readonly string[],
  cells: readonly string[],
): Partial<Record<C, string>> {
  const out: Partial<Record<C, string>> = {}
  header.forEach((name, i) => (out[name as C] = cells[i]!))
  return out
}
