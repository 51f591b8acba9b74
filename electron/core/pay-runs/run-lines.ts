import Big from 'big.js'
import { DECIMAL_PATTERN } from '../../../shared/api/amount'
import { findNetwork } from '../../../shared/api/networks'
import { quoteInput } from '../../../shared/api/text'
import { plainTextProblem } from '../../../shared/text/plain-text'
import { BATCH_COLUMNS, MAX_BATCH_BYTES, MAX_BATCH_ROWS } from '../batch/use-cases'
import { formulaProblem } from '../csv/formula'
import { readCsvTable } from '../csv/read-table'
import { DeskError } from '../errors'
import type { RunLine } from '../store'

/** A line as its CSV gives it: the id only when the file has a line_id column (a run's lines written out). */
export type RunLineInput = Omit<RunLine, 'id'> & { id: string | null }
const LINE_ID = /^[\x21-\x7e]{1,64}$/

/** A run file's columns: the batch file's, the invoice a line pays, and the line's id (kept by an edit). */
export const RUN_COLUMNS = [
  ...BATCH_COLUMNS,
  'invoice_number',
  'invoice_date',
  'due_date',
  'invoice_amount',
  'line_id',
] as const
type RunColumn = (typeof RUN_COLUMNS)[number]
const REQUIRED: readonly RunColumn[] = ['destination', 'amount', 'asset']

/** `USD 1500`: an amount in US dollars, paid in the line's asset at the price table's rate of the period's day. */
export const USD_AMOUNT = /^USD ((?:0|[1-9][0-9]*)(?:\.[0-9]{1,2})?)$/
const DATE = /^\d{4}-\d{2}-\d{2}$/
const TEXT_MAX = 120

export const isCalendarDay = (v: string): boolean =>
  DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v
export const payeeKey = (payee: string): string => payee.trim().toLowerCase()

function refuse(problems: readonly string[]): DeskError {
  const shown = problems.slice(0, 20).join(' ')
  const more = problems.length > 20 ? ` (and ${problems.length - 20} more)` : ''
  return new DeskError('invalid_input', `The run's lines were not kept; nothing changed. ${shown}${more}`)
}

function amountProblem(v: string): string | null {
  if (v === '') return 'is empty.'
  if (v !== v.trim()) return `${quoteInput(v)} has spaces around it; write ${v.trim() || 'the amount'} alone.`
  if (USD_AMOUNT.test(v)) return new Big(USD_AMOUNT.exec(v)![1]!).gt(0) ? null : 'must be more than zero.'
  if (/^usd/i.test(v))
    return `${quoteInput(v)}: a dollar amount is written "USD 1500" (USD, one space, at most two decimals).`
  if (!DECIMAL_PATTERN.test(v))
    return `${quoteInput(v)} is not a decimal written with a dot (such as 12.5), nor "USD 1500".`
  return new Big(v).gt(0) ? null : 'must be more than zero.'
}

/** The first problem of one cell, or null. */
function cellProblem(column: RunColumn, v: string): string | null {
  if (v === '') return REQUIRED.includes(column) ? 'is empty.' : null
  const formula = column === 'amount' ? null : formulaProblem(v)
  if (formula) return `${formula}.`
  const plain = plainTextProblem(v)
  if (plain) return `${plain}.`
  if (column === 'amount') return amountProblem(v)
  if (column === 'network' && !findNetwork(v.toLowerCase()))
    return `${quoteInput(v)} is not a network id (for example ethereum-sepolia).`
  if (column === 'fee_priority' && !['low', 'medium', 'high'].includes(v.toLowerCase()))
    return `${quoteInput(v)} is not low, medium or high.`
  if (column === 'invoice_amount' && !DECIMAL_PATTERN.test(v))
    return `${quoteInput(v)} is not a decimal written with a dot (such as 1500.00).`
  if (column === 'line_id' && !LINE_ID.test(v))
    return `${quoteInput(v)} is not a line id (1 to 64 printable characters).`
  if ((column === 'invoice_date' || column === 'due_date') && !isCalendarDay(v))
    return `${quoteInput(v)} is not a calendar day written YYYY-MM-DD.`
  if (v.length > TEXT_MAX) return `has ${v.length} characters; at most ${TEXT_MAX}.`
  return null
}

/**
 * A run's lines from a CSV file (comma, semicolon or tab separated; the header names the columns). Every problem is
 * named by line and column, and any problem refuses the whole file. Payees (reference, else destination) are unique.
 */
export function readRunLines(input: Uint8Array | string): RunLineInput[] {
  const table = readCsvTable(input, {
    what: 'a run file',
    maxBytes: MAX_BATCH_BYTES,
    maxRows: MAX_BATCH_ROWS,
    required: REQUIRED,
    known: RUN_COLUMNS,
    optionalHint: `optional: ${RUN_COLUMNS.slice(3).join(', ')}`,
  })
  if (!table.ok) throw refuse([`Line ${table.problem.line}: ${table.problem.message}`])
  const { header } = table
  const problems: string[] = []
  const lines: RunLineInput[] = []
  const payees = new Map<string, number>()
  for (const { line, cells: record } of table.records) {
    if (record.length !== header.length) {
      problems.push(`Line ${line}: ${record.length} cells; the header has ${header.length}.`)
      continue
    }
    // Amounts are read as typed, never trimmed: " 10" is a problem to show, not a number to guess.
    const cell = (c: RunColumn) =>
      c === 'amount' ? (record[header.indexOf(c)] ?? '') : (record[header.indexOf(c)] ?? '').trim()
    const before = problems.length
    for (const column of RUN_COLUMNS) {
      const problem = cellProblem(column, cell(column))
      if (problem) problems.push(`Line ${line}, ${column}: ${problem}`)
    }
    if (problems.length > before) continue
    const payee = cell('reference') || cell('destination')
    const seen = payees.get(payeeKey(payee))
    if (seen !== undefined) {
      const column = cell('reference') ? 'reference' : 'destination'
      problems.push(
        `Line ${line}, ${column}: the payee ${quoteInput(payee)} is on line ${seen} already; give each line ` +
          `its own reference.`,
      )
      continue
    }
    payees.set(payeeKey(payee), line)
    const opt = (c: RunColumn) => cell(c) || null
    lines.push({
      id: opt('line_id'),
      line,
      payee,
      destination: cell('destination'),
      amount: cell('amount'),
      asset: cell('asset'),
      network: opt('network')?.toLowerCase() ?? null,
      wallet: opt('wallet'),
      feePriority: (opt('fee_priority')?.toLowerCase() ?? null) as RunLine['feePriority'],
      reference: opt('reference'),
      invoiceNumber: opt('invoice_number'),
      invoiceDate: opt('invoice_date'),
      dueDate: opt('due_date'),
      invoiceAmount: opt('invoice_amount'),
    })
  }
  if (problems.length > 0) throw refuse(problems)
  return lines
}
