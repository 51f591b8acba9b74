import { describeFinding, type LookalikeFinding } from '../../../shared/address/lookalike-finding'
import { canonicalAddress, lookalikeKey, sameAddress } from '../../../shared/address/lookalike'
import { CreateCounterpartySchema, type CreateCounterparty } from '../../../shared/api/requests'
import type { Counterparty } from '../../../shared/api/resources'
import { plainTextProblem } from '../../../shared/text/plain-text'
import type { ApiClient } from '../api/api-client'
import { checkCounterpartyBody } from '../api/input-checks'
import { formulaProblem } from '../csv/formula'
import { DeskError } from '../errors'
import type { DeskStore } from '../store'
import { PROVIDER_COLUMNS, SCREEN_NAMES, SCREEN_VALUES, type BookColumn } from './book-columns'
import { readBookRows, type BookRow, type ImportProblem } from './book-csv-read'
import { checkIndex, noteProviderLists } from './lookalike-guard'

/** A row that passed every check: the body to send, or the book entry its address already is. */
export interface ImportRow {
  line: number
  body: CreateCounterparty
  /** The id of the destination already registered with this address; it is answered as existing, never edited. */
  existingId: string | null
}

export interface ImportCheck {
  rows: ImportRow[]
  /** Sorted by line; any problem refuses the whole file. */
  problems: ImportProblem[]
  /** Rows in the file, including those with problems. */
  lineCount: number
}

const SENT_FIELDS = ['label', 'first_name', 'last_name', 'company_name', 'vasp_name'] as const

/**
 * Reads and checks a whole destination file before anything is registered: two reads from the provider (book,
 * wallets) whatever the number of rows, noted into the known-address index, then every row against the index.
 */
export async function checkImportFile(
  store: DeskStore,
  client: Pick<ApiClient, 'listCounterparties' | 'listWallets'>,
  input: Uint8Array | string,
): Promise<ImportCheck> {
  const read = readBookRows(input)
  if (!read.ok) return { rows: [], problems: read.problems, lineCount: 0 }
  const [book, wallets] = [await client.listCounterparties(), await client.listWallets()]
  noteProviderLists(store, book, wallets)
  const check = checkBookRows(read.rows, book, (network, address) => checkIndex(store, network, address))
  return {
    rows: check.rows,
    problems: [...read.problems, ...check.problems].sort((a, b) => a.line - b.line),
    lineCount: read.rows.length + read.problems.length,
  }
}

/**
 * The per-row and per-file rules over rows already read; pure but for `lookalikes`, so it is tested without a provider.
 */
export function checkBookRows(
  rows: readonly BookRow[],
  book: readonly Counterparty[],
  lookalikes: (network: string, address: string) => LookalikeFinding[],
): { rows: ImportRow[]; problems: ImportProblem[] } {
  const problems: ImportProblem[] = []
  const out: ImportRow[] = []
  const byAddress = new Map<string, number>()
  const byLook = new Map<string, { line: number; address: string }>()
  for (const row of rows) {
    const say = (column: BookColumn | null, message: string) =>
      problems.push({ line: row.line, column, message: `Line ${row.line}${column ? `, ${column}` : ''}: ${message}` })
    const before = problems.length
    for (const [column, value] of Object.entries(row.cells) as Array<[BookColumn, string]>) {
      if (PROVIDER_COLUMNS.has(column)) continue
      const formula = formulaProblem(value)
      if (formula) say(column, `${formula}; type the plain value.`)
      else if (plainTextProblem(value)) say(column, `${plainTextProblem(value)}.`)
    }
    if (problems.length > before) continue
    const body = bodyOf(row)
    const identity = identityProblem(body)
    if (identity) {
      say(identity.column, identity.message)
      continue
    }
    try {
      // The single form's own rules: network, address per network (the identity fields passed above).
      checkCounterpartyBody(body)
    } catch (err) {
      if (!(err instanceof DeskError)) throw err
      say(null, err.message)
      continue
    }
    const key = `${body.network}|${canonicalAddress(body.network, body.address)}`
    const twin = byAddress.get(key)
    if (twin !== undefined) {
      say('address', `repeats the address of line ${twin} on ${body.network}; each destination once.`)
      continue
    }
    byAddress.set(key, row.line)
    const existing = book.find((c) => c.network === body.network && sameAddress(c.network, c.address, body.address))
    if (existing) {
      out.push({ line: row.line, body, existingId: existing.id })
      continue
    }
    const findings = lookalikes(body.network, body.address)
    if (findings.length > 0) {
      say(
        'address',
        findings
          .map((f) =>
            f.kind === 'own'
              ? `is ${describeFinding(f)}, not an outside destination.`
              : `looks like ${f.address} (${describeFinding(f)}): the same first and last 4 characters, a ` +
                `different address.`,
          )
          .join(' '),
      )
      continue
    }
    const look = lookalikeKey(body.network, body.address)
    const sibling = look === null ? undefined : byLook.get(`${body.network}|${look}`)
    if (sibling) {
      say(
        'address',
        `looks like ${sibling.address} on line ${sibling.line}: the same first and last 4 characters, a ` +
          `different address. Compare every character.`,
      )
      continue
    }
    if (look !== null) byLook.set(`${body.network}|${look}`, { line: row.line, address: body.address })
    out.push({ line: row.line, body, existingId: null })
  }
  return { rows: out, problems: problems.sort((a, b) => a.line - b.line) }
}

/** Which column a missing name depends on, and the value that makes it needed. */
const NEEDED_WHEN: Readonly<Partial<Record<BookColumn, [BookColumn, string]>>> = {
  first_name: ['counterparty_type', 'individual'],
  last_name: ['counterparty_type', 'individual'],
  company_name: ['counterparty_type', 'company'],
  vasp_name: ['wallet_type', 'vasp'],
}

const screenName = (column: BookColumn) => SCREEN_NAMES[column] ?? column
const screenValue = (column: BookColumn, value: string) =>
  `${SCREEN_VALUES[column]?.[value] ?? value} (${column} ${value})`

/**
 * A row's first identity problem (one a row, as the single form tells them), in the New destination form's words with
 * the file's column and value beside them
 * ("Provider name is empty; needed when Wallet type is Held at a provider (wallet_type vasp).") so the same mistake
 * reads the same on every line and can be grouped.
 */
function identityProblem(body: CreateCounterparty): { column: BookColumn | null; message: string } | null {
  const parsed = CreateCounterpartySchema.safeParse(body)
  if (parsed.success) return null
  const issue = parsed.error.issues[0]!
  const column = (issue.path[0] as BookColumn | undefined) ?? null
  if (column === null) return { column, message: `${issue.message}.` }
  const name = screenName(column)
  const values = SCREEN_VALUES[column]
  const given = String((body as Record<string, unknown>)[column] ?? '')
  const needed = NEEDED_WHEN[column]
  if (issue.code === 'invalid_value' && values) {
    const allowed = Object.keys(values)
      .map((v) => screenValue(column, v))
      .join(' or ')
    return {
      column,
      message: given
        ? `${name} "${given.slice(0, 40)}" is not one the form offers: write ${allowed}.`
        : `${name} is empty: write ${allowed}.`,
    }
  }
  if (issue.code === 'custom' && needed)
    return {
      column,
      message: `${name} is empty; needed when ${screenName(needed[0])} is ${screenValue(needed[0], needed[1])}.`,
    }
  if (issue.code === 'too_big')
    return { column, message: `${name} is longer than ${String(issue.maximum)} characters.` }
  if (issue.code === 'too_small') return { column, message: `${name} is empty.` }
  if (issue.code === 'custom') return { column, message: `${name} is ${issue.message}.` }
  return { column, message: `${name}: ${issue.message}.` }
}

/** Only the cells given, trimmed; ids and names as written, the network lower-case, the country upper-case. */
function bodyOf(row: BookRow): CreateCounterparty {
  const cell = (c: BookColumn) => (row.cells[c] ?? '').trim()
  const body = {
    network: cell('network').toLowerCase(),
    address: cell('address'),
    counterparty_type: cell('counterparty_type').toLowerCase(),
    wallet_type: cell('wallet_type').toLowerCase(),
    country: cell('country').toUpperCase(),
  } as CreateCounterparty
  for (const field of SENT_FIELDS) if (cell(field)) body[field] = cell(field)
  if (cell('direction')) body.direction = cell('direction').toLowerCase() as CreateCounterparty['direction']
  return body
}
