import { z } from 'zod'
import { DECIMAL_PATTERN } from '../../../../shared/api/amount'
import { DeskError } from '../../errors'
import { createdAtSql } from './ledger-created-at'
import { amountText } from './ledger-amounts'
import { hashText, idText } from './ledger-keys'
import type { LedgerWords } from './ledger-words'

/**
 * What each column of a stored leg must hold to be read back: the one definition of a valid row in the ledger.
 * Every read (a screen's page, an export, a report's tallies) checks each column it selected against it, so a
 * damaged amount or status stops the read with `record_corrupt` instead of being counted or written.
 *
 * The rules are those of LedgerRowSchema (the API's TransactionLegSchema plus read_at and final), column by
 * column; test/unit/store/ledger-columns.test.ts holds the two side by side. They are plain checks rather than
 * a zod parse per row: on a report of 100,000 legs the parse cost more than reading the rows from SQLite.
 */
interface Rule<T> {
  /** What the column holds, for the error: "its amount is not <what>". */
  what: string
  ok: (value: unknown) => value is T
}

const TIMESTAMP_PATTERN = z.regexes.datetime({ offset: true, local: false, precision: null })
const DIRECTIONS: readonly unknown[] = ['in', 'out', 'internal']
/** 0000-01-01 to 9999-12-31 (UTC): the times whose ISO 8601 form is a timestamp the API accepts (read_at). */
const FIRST_MS = -62_167_219_200_000
const LAST_MS = 253_402_300_799_999

const isText = (v: unknown): v is string => typeof v === 'string'
const isDecimal = (v: unknown): v is string => typeof v === 'string' && DECIMAL_PATTERN.test(v)
const text: Rule<string> = { what: 'text', ok: isText }
const textOrNull: Rule<string | null> = {
  what: 'text or empty',
  ok: (v): v is string | null => v === null || isText(v),
}
const integer: Rule<number> = { what: 'a whole number', ok: (v): v is number => Number.isSafeInteger(v) }
const decimal: Rule<string> = { what: 'a decimal amount', ok: isDecimal }
const decimalOrNull: Rule<string | null> = {
  what: 'a decimal amount or empty',
  ok: (v): v is string | null => v === null || isDecimal(v),
}
const timestamp: Rule<string> = {
  what: 'an ISO 8601 time',
  ok: (v): v is string => typeof v === 'string' && TIMESTAMP_PATTERN.test(v),
}
const direction: Rule<'in' | 'out' | 'internal'> = {
  what: 'in, out or internal',
  ok: (v): v is 'in' | 'out' | 'internal' => DIRECTIONS.includes(v),
}
const flag: Rule<0 | 1> = { what: '0 or 1', ok: (v): v is 0 | 1 => v === 0 || v === 1 }
const flagOrNull: Rule<0 | 1 | null> = { what: '0, 1 or empty', ok: (v): v is 0 | 1 | null => v === null || flag.ok(v) }
const time: Rule<number> = {
  what: 'a time in milliseconds',
  ok: (v): v is number => integer.ok(v) && v >= FIRST_MS && v <= LAST_MS,
}

/**
 * How a column is packed on disk: a word's number (ledger-words.ts), an id or a hash as bytes (ledger-keys.ts)
 * (migration 13);
 * an amount as an integer (ledger-amounts.ts), a read time's number (ledger-read-times.ts) (migration 17).
 */
type Packed = 'word' | 'id' | 'hash' | 'amount' | 'read'
const UNPACK: Record<Packed, (value: unknown, words: LedgerWords) => unknown> = {
  word: (v, words) => words.spell(v),
  id: idText,
  hash: hashText,
  amount: amountText,
  read: (v, words) => words.times.spell(v),
}

/** Each column a read may select, with the SQL that selects it (legs `l`, parties `f` and `t`) and its rule. */
export const LEG_COLUMNS = {
  seq: { sql: 'l.seq', rule: integer },
  at_ms: { sql: 'l.at_ms', rule: time },
  id: { sql: 'l.id', rule: text, stored: 'id' },
  direction: { sql: 'l.direction', rule: direction },
  created_at: { sql: createdAtSql('l'), rule: timestamp },
  wallet_id: { sql: 'l.wallet_id', rule: textOrNull, stored: 'word' },
  asset: { sql: 'l.asset', rule: text, stored: 'word' },
  network: { sql: 'l.network', rule: textOrNull, stored: 'word' },
  network_name: { sql: 'l.network_name', rule: textOrNull, stored: 'word' },
  status: { sql: 'l.status', rule: text, stored: 'word' },
  final: { sql: 'l.final', rule: flag },
  amount: { sql: 'l.amount', rule: decimal, stored: 'amount' },
  fee: { sql: 'l.fee', rule: decimalOrNull, stored: 'amount' },
  fee_asset: { sql: 'l.fee_asset', rule: textOrNull, stored: 'word' },
  from_name: { sql: 'f.name', rule: textOrNull },
  from_address: { sql: 'f.address', rule: text },
  to_name: { sql: 't.name', rule: textOrNull },
  to_address: { sql: 't.address', rule: text },
  tx_hash: { sql: 'l.tx_hash', rule: textOrNull, stored: 'hash' },
  read_at_ms: { sql: 'l.read_at_ms', rule: time, stored: 'read' },
  /** Suspected address poisoning (bait-flags.ts): 1 flagged, 0 dust not flagged, empty not incoming dust. */
  bait: { sql: 'l.bait', rule: flagOrNull },
} satisfies Record<string, { sql: string; rule: Rule<unknown>; stored?: Packed }>
export type LegColumn = keyof typeof LEG_COLUMNS
/** What a column holds once its rule has passed. */
export type ColumnValue<K extends LegColumn> = (typeof LEG_COLUMNS)[K]['rule'] extends Rule<infer T> ? T : never
/** A row whose every column passed its rule; only such a row gives its values (LegRead.value). */
export type CheckedRow<C extends LegColumn> = readonly unknown[] & { readonly checked: C }

/**
 * A fixed list of columns read as arrays (node:sqlite hands over arrays faster than objects): the SELECT list,
 * each column's position in a row, and the check of a row against the rules.
 */
export class LegRead<C extends LegColumn> {
  readonly select: string
  /** Position of each column in a row. */
  readonly at: { readonly [K in C]: number }
  private readonly rules: ReadonlyArray<Rule<unknown>>
  private readonly packed: ReadonlyArray<readonly [number, Packed]>

  constructor(private readonly columns: readonly C[]) {
    this.select = columns.map((c) => LEG_COLUMNS[c].sql).join(', ')
    this.at = Object.fromEntries(columns.map((c, i) => [c, i])) as { [K in C]: number }
    this.rules = columns.map((c) => LEG_COLUMNS[c].rule)
    this.packed = columns.flatMap((c, i): Array<[number, Packed]> => {
      const column: { sql: string; stored?: Packed } = LEG_COLUMNS[c]
      return column.stored ? [[i, column.stored]] : []
    })
  }

  /** The row as read from disk, with its packed columns unpacked in place; then check it. */
  unpack(row: unknown[], words: LedgerWords): unknown[] {
    for (const [i, kind] of this.packed) row[i] = UNPACK[kind](row[i], words)
    return row
  }

  /** The row as read, once every column has passed its rule; `record_corrupt` naming the leg and column otherwise. */
  check(row: readonly unknown[]): CheckedRow<C> {
    const rules = this.rules
    for (let i = 0; i < rules.length; i++) if (!rules[i]!.ok(row[i])) throw this.damaged(row, i)
    return row as CheckedRow<C>
  }

  value<K extends C>(row: CheckedRow<C>, column: K): ColumnValue<K> {
    return row[this.at[column]] as ColumnValue<K>
  }

  private damaged(row: readonly unknown[], i: number): DeskError {
    const at = this.at as Partial<Record<LegColumn, number>>
    const name = (c: LegColumn) =>
      at[c] !== undefined && typeof row[at[c]] === 'string' ? (row[at[c]] as string).slice(0, 80) : '?'
    return new DeskError(
      'record_corrupt',
      `The history ledger holds a damaged movement (id ${name('id')}, direction ${name('direction')}): its ` +
        `${this.columns[i]} is not ${this.rules[i]!.what}. ` +
        'The ledger is not read past a damaged movement: nothing is shown, counted or exported from it.',
    )
  }
}
