import { createHash } from 'node:crypto'
import {
  AccountMapRowSchema,
  MAPPING_COLUMNS,
  MAPPING_KINDS,
  type AccountMapRow,
  type MappingKind,
} from '../../../shared/api/close'
import type { LedgerRow } from '../../../shared/api/ledger-query'
import { quoteInput } from '../../../shared/api/text'
import { csvLine } from '../csv/cell'
import { readCsvTable } from '../csv/read-table'
import { DeskError } from '../errors'
import type { AccountingEntry } from '../history/accounting/entries'

export const MAX_MAP_ROWS = 10_000
/** The bad lines a refusal names; it counts the rest. */
const MAX_LISTED = 20
const MAX_MAP_BYTES = 2 * 1024 * 1024
/** Any wallet or any asset. */
export const ANY = '*'

const refuse = (message: string) =>
  new DeskError('validation_failed', `The account mapping was not imported: ${message}`)

/**
 * An account mapping file (`wallet,asset,kind,account`) read whole: a bad or repeated line refuses the file, and the
 * refusal names every such line.
 */
export function parseAccountMap(text: string): { rows: AccountMapRow[]; sha256: string } {
  const table = readCsvTable(text, {
    what: 'an account mapping',
    maxBytes: MAX_MAP_BYTES,
    maxRows: MAX_MAP_ROWS,
    required: MAPPING_COLUMNS,
    known: MAPPING_COLUMNS,
    optionalHint: 'in that order',
    separators: [','],
  })
  if (!table.ok) throw refuse(`line ${table.problem.line}: ${table.problem.message}`)
  if (table.header.join(',') !== MAPPING_COLUMNS.join(','))
    throw refuse(`line 1 must be the header ${MAPPING_COLUMNS.join(',')}, in that order.`)
  const rows: AccountMapRow[] = []
  const problems: string[] = []
  const seen = new Map<string, number>()
  for (const { line, cells } of table.records) {
    const [wallet, asset, kind, account] = cells.map((c) => c.trim())
    const parsed = AccountMapRowSchema.safeParse({ wallet, asset, kind, account })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      const where = String(issue.path[0] ?? 'line')
      const hint = where === 'kind' ? ` (one of ${MAPPING_KINDS.join(', ')})` : ''
      problems.push(
        `line ${line}: ${where} ${quoteInput(String(cells[MAPPING_COLUMNS.indexOf(where as 'kind')] ?? ''))}` +
          ` is not accepted${hint}.`,
      )
      continue
    }
    const row = { ...parsed.data, asset: parsed.data.asset === ANY ? ANY : parsed.data.asset.toUpperCase() }
    const key = `${row.wallet}\n${row.asset}\n${row.kind}`
    const before = seen.get(key)
    if (before !== undefined) problems.push(`line ${line} maps the same wallet, asset and kind as line ${before}.`)
    else seen.set(key, line)
    rows.push(row)
  }
  // Every bad line at once, so a person fixes the file in one pass.
  if (problems.length > 0)
    throw refuse(
      problems.slice(0, MAX_LISTED).join(' ') +
        (problems.length > MAX_LISTED ? ` And ${problems.length - MAX_LISTED} more lines.` : ''),
    )
  return { rows, sha256: createHash('sha256').update(text).digest('hex') }
}

/** The mapping as its file: the header and one line per row. */
export function* accountMapLines(rows: readonly AccountMapRow[]): Generator<string> {
  yield csvLine(MAPPING_COLUMNS)
  for (const r of rows) yield csvLine([r.wallet, r.asset, r.kind, r.account])
}

/** The kind a booking is mapped by: a fee, a suspected poisoning, a move between own wallets, or its direction. */
export function bookingKind(e: Pick<AccountingEntry, 'kind' | 'ownTransfer'> & { leg: LedgerRow }): MappingKind {
  if (e.kind === 'fee') return 'fee'
  if (e.leg.suspected_poisoning) return 'suspected-poisoning'
  if (e.ownTransfer) return 'internal'
  return e.kind === 'deposit' ? 'incoming' : 'outgoing'
}

/**
 * Finds a booking's account: the wallet by id or by name, else `*`; the asset, else `*`. The most specific row wins
 * (wallet and asset, then wallet, then asset, then neither).
 */
export class AccountMap {
  private readonly byKey = new Map<string, string>()

  constructor(readonly rows: readonly AccountMapRow[]) {
    for (const r of rows) this.byKey.set(`${r.wallet}\n${r.asset}\n${r.kind}`, r.account)
  }

  account(wallets: ReadonlyArray<string | null>, asset: string, kind: MappingKind): string | null {
    const names = [...wallets.filter((w): w is string => w !== null), ANY]
    for (const w of names)
      for (const a of [asset, ANY]) {
        const hit = this.byKey.get(`${w}\n${a}\n${kind}`)
        if (hit !== undefined) return hit
      }
    return null
  }

  /** A booking's account, by its wallet's id and name. */
  of(e: AccountingEntry): string | null {
    return this.account([e.leg.wallet_id, e.wallet], e.asset, bookingKind(e))
  }
}
