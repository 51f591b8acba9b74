import Big from 'big.js'
import { DECIMAL_PATTERN } from '../../../../shared/api/amount'
import type { PriceRow } from '../../../../shared/api/accounting-export'
import { quoteInput } from '../../../../shared/api/text'
import { plainTextProblem } from '../../../../shared/text'
import { readCsvTable } from '../../csv/read-table'
import { DeskError } from '../../errors'

export const PRICE_COLUMNS = ['date', 'asset', 'fiat', 'price'] as const
export const MAX_PRICE_ROWS = 200_000
export const MAX_PRICE_BYTES = 10 * 1024 * 1024

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const ASSET = /^[A-Za-z0-9._-]{1,32}$/
const FIAT = /^[A-Z]{3}$/

const refuse = (message: string) => new DeskError('validation_failed', `The price table was not imported: ${message}`)

function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.toISOString().slice(0, 10) === value
}

/** The first problem of one data line's cells, or null. */
function cellProblem(cells: Record<(typeof PRICE_COLUMNS)[number], string>): string | null {
  for (const name of PRICE_COLUMNS) {
    const problem = plainTextProblem(cells[name])
    if (problem) return `${name} ${problem}`
  }
  if (!isCalendarDate(cells.date)) return `date ${quoteInput(cells.date)} is not a calendar day written YYYY-MM-DD`
  if (!ASSET.test(cells.asset)) return `asset ${quoteInput(cells.asset)} is not an asset symbol such as USDC`
  if (!FIAT.test(cells.fiat)) return `fiat ${quoteInput(cells.fiat)} is not a three-letter currency code such as USD`
  if (!DECIMAL_PATTERN.test(cells.price) || new Big(cells.price).lte(0))
    return `price ${quoteInput(cells.price)} is not a positive decimal written with a dot`
  return null
}

/**
 * A price table (`date, asset, fiat, price`, one price per day, asset and fiat) read whole: any bad or repeated
 * line refuses the whole file, naming the line, so a valuation never rests on a half-read table.
 */
export function parsePriceTable(input: string): PriceRow[] {
  const table = readCsvTable(input, {
    what: 'a price table',
    maxBytes: MAX_PRICE_BYTES,
    maxRows: MAX_PRICE_ROWS,
    required: PRICE_COLUMNS,
    known: PRICE_COLUMNS,
    optionalHint: 'in that order',
    separators: [','],
  })
  if (!table.ok)
    throw refuse(
      `line ${table.problem.line}: ${table.problem.message.charAt(0).toLowerCase()}${table.problem.message.slice(1)}`,
    )
  if (table.header.join(',') !== PRICE_COLUMNS.join(','))
    throw refuse(`line 1 must be the header ${PRICE_COLUMNS.join(',')}, in that order.`)
  const rows: PriceRow[] = []
  const seen = new Map<string, number>()
  for (const { line, cells } of table.records) {
    const record = cells.map((cell) => cell.trim())
    if (record.length !== PRICE_COLUMNS.length)
      throw refuse(`line ${line} has ${record.length} cells; the header has ${PRICE_COLUMNS.length}.`)
    const [date, asset, fiat, price] = record as [string, string, string, string]
    const problem = cellProblem({ date, asset, fiat, price })
    if (problem) throw refuse(`line ${line}: ${problem}.`)
    const key = `${date}|${asset.toUpperCase()}|${fiat}`
    const before = seen.get(key)
    if (before !== undefined)
      throw refuse(`line ${line} repeats the price of ${asset} in ${fiat} on ${date} from line ${before}.`)
    seen.set(key, line)
    rows.push({ date, asset: asset.toUpperCase(), fiat, price: new Big(price).toFixed() })
  }
  return rows
}
