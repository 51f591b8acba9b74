import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite'
import { DECIMAL_PATTERN } from '../../../../shared/api/amount'
import { amountKey } from '../../../../shared/api/amount-key'
import type { LedgerFilter } from '../../../../shared/api/ledger-query'
import { z } from 'zod'
import { DeskError } from '../../errors'
import { rowOf } from '../scalar-rows'
import { amountText } from './ledger-amounts'
import type { LegColumn, LegRead } from './ledger-columns'
import { COUNTERPARTY_SQL, HASH_BLOB_KEY, HASH_KEY_SQL, HASH_TEXT_KEY } from './ledger-index-keys'
import { hashRanges, ID_KEY_SQL, idIndexKey, idIndexRange, idKey, idRange, type BlobRange } from './ledger-keys'
import type { LedgerWords } from './ledger-words'
import { NOTE_HITS, TAG_MATCH } from './leg-notes-repo'

/** The SQL the ledger's reads share: filters, batches by position, and the text search. */

export function whereClause(parts: string[]): string {
  return parts.length ? `WHERE ${parts.join(' AND ')}` : ''
}

export const ROWS_BATCH = 2_000

/** A leg (alias l) of one movement id, found by the id index (migration 16); takes legIdParams. */
export const LEG_ID = `${ID_KEY_SQL('l.id')} = ? AND l.id = ?`

export function legIdParams(id: string): SQLInputValue[] {
  const stored = idKey(id)
  return [idIndexKey(stored), stored]
}

/**
 * Rows after a batch position, oldest first. The lone `at_ms >= ?` is what lets the index start
 * at the position: an OR alone would make every batch skip all the rows before it again.
 */
export const BATCH_AFTER = ['l.at_ms >= ?', '(l.at_ms > ? OR l.seq > ?)']

/** Where the first batch starts: just after `from` (exclusive; times are whole milliseconds), or at the oldest row. */
export function firstPosition(from: string | undefined): { at: number; seq: number } {
  return from === undefined ? { at: Number.MIN_SAFE_INTEGER, seq: -1 } : { at: Date.parse(from) + 1, seq: -1 }
}

/** Rows as arrays rather than objects: node:sqlite hands them over faster, and LegRead knows each column's place. */
export function arrays(statement: StatementSync): StatementSync {
  statement.setReturnArrays(true)
  return statement
}

const notArrays = () =>
  new DeskError('record_corrupt', 'The ledger gave back a row that is not a list of columns. Contact support.')
const allArrays = (rows: readonly unknown[]): rows is unknown[][] => rows.every((row) => Array.isArray(row))

/**
 * The rows of a statement `arrays` set up, as node:sqlite's types do not say: each checked to be an array, the cheap
 * part of a bulk read; its cells are checked column by column by the read's LegRead (ledger-columns.ts).
 */
export function arrayRows(rows: readonly unknown[]): unknown[][] {
  if (allArrays(rows)) return rows
  throw notArrays()
}

/** `arrayRows` for one row, or undefined when there is none. */
export function arrayRow(row: unknown): unknown[] | undefined {
  if (row === undefined) return undefined
  if (Array.isArray(row)) return row
  throw notArrays()
}

/**
 * The batches of a read oldest first, each after the last row of the one before (its at_ms and seq, which the
 * read selects); the rows are checked by the caller, the position is checked here before it steers the next batch.
 */
export function* batches<C extends LegColumn>(
  batch: StatementSync,
  params: SQLInputValue[],
  from: string | undefined,
  read: LegRead<C | 'at_ms' | 'seq'>,
): Generator<unknown[][]> {
  let position = firstPosition(from)
  for (;;) {
    const raws = arrayRows(batch.all(...params, position.at, position.at, position.seq))
    yield raws
    if (raws.length < ROWS_BATCH) return
    const last = read.check(raws[raws.length - 1]!)
    position = { at: read.value(last, 'at_ms'), seq: read.value(last, 'seq') }
  }
}

/** Above this many text matches a page is found faster by walking the legs in order than by sorting the matches. */
const FEW_HITS = 5_000

/**
 * A text search: the text lowercased, just past every text that starts with it, and the packed ids and hashes it
 * starts.
 */
export interface TextTerms {
  needle: string
  end: string
  ids: BlobRange | null
  hashes: BlobRange[]
}

export function textTerms(text: string): TextTerms {
  const needle = text.toLowerCase()
  return { needle, end: `${needle}\uffff`, ids: idRange(needle), hashes: hashRanges(needle) }
}

/**
 * Parties are few next to legs, and so are the legs a person wrote a note or tags on: a substring scan of each,
 * once per search. The matching parties are read once (textCteParams) for every query of the search, as a JSON list.
 */
export const TEXT_PARTIES = `p(id) AS MATERIALIZED (SELECT value FROM json_each(?)), ${NOTE_HITS}`

/** TEXT_PARTIES' parameters: the parties whose name or address holds the needle, and the needle for the notes. */
export function textCteParams(db: DatabaseSync, needle: string): SQLInputValue[] {
  // A party's search text is ' ' and its address lower-cased, read from the address index, unless it has its own
  // (migration 17); the space can only be part of a match that starts with it.
  const address = needle.startsWith(' ') ? "' ' || lower(address)" : 'lower(address)'
  const parties = arrays(
    db.prepare(`SELECT id FROM ledger_parties INDEXED BY ledger_parties_address WHERE instr(${address}, ?1) > 0
      UNION ALL SELECT id FROM ledger_parties INDEXED BY ledger_parties_search WHERE search IS NOT NULL AND
        instr(search, ?1) > 0 AND instr(${address}, ?1) = 0`),
  ).all(needle)
  return [JSON.stringify(arrayRows(parties).map((r) => r[0])), needle]
}

/**
 * Legs whose counterparty or note matches anywhere, or whose tx hash (any case) or transaction id starts with the text,
 * each by
 * its index: a text hash by its indexed start then in full, a packed one by its first bytes then in full, an id
 * likewise.
 * Complete only when no matching party is a wallet's own side (OWN_PARTY_HIT): those legs are walked, not looked up.
 */
export function textHits(t: TextTerms): { sql: string; params: SQLInputValue[] } {
  const key = t.needle.slice(0, HASH_TEXT_KEY)
  const id = ID_KEY_SQL('id')
  const sql = [
    // +id: without it the planner walks the whole counterparty index rather than looking each party up.
    `SELECT seq FROM ledger_legs WHERE ${COUNTERPARTY_SQL} IN (SELECT +id FROM p)`,
    `SELECT seq FROM ledger_legs WHERE ${HASH_KEY_SQL} >= ? AND ${HASH_KEY_SQL} < ? AND tx_hash >= ? AND tx_hash < ?`,
    `SELECT seq FROM ledger_legs WHERE ${id} >= ? AND ${id} < ? AND id >= ? AND id < ?`,
  ]
  const params: SQLInputValue[] = [key, `${key}\uffff`, t.needle, t.end, t.needle, t.end, t.needle, t.end]
  for (const r of t.hashes) {
    sql.push(`SELECT seq FROM ledger_legs WHERE ${HASH_KEY_SQL} BETWEEN ? AND ? AND tx_hash >= ? AND tx_hash < ?`)
    params.push(r.low.subarray(0, HASH_BLOB_KEY), r.high.subarray(0, HASH_BLOB_KEY), r.low, r.high)
  }
  if (t.ids) {
    sql.push(`SELECT seq FROM ledger_legs WHERE ${id} BETWEEN ? AND ? AND id >= ? AND id < ?`)
    params.push(...idIndexRange(t.ids), t.ids.low, t.ids.high)
  }
  sql.push(`SELECT l.seq FROM nh JOIN ledger_legs l ON ${LEG_OF('nh.id')} AND l.direction = nh.direction`)
  return { sql: sql.join(' UNION ALL '), params }
}

/** A matching party is a wallet's own side: textHits would miss its legs. */
const OWN_PARTY_HIT = 'EXISTS (SELECT 1 FROM p JOIN ledger_own_parties o ON o.id = p.id)'

const FewRow = z.object({ few: z.number() })

/** Whether a page is found faster from textHits than by walking the legs: they are complete and at most FEW_HITS. */
export function fewHits(
  db: DatabaseSync,
  cte: SQLInputValue[],
  hits: { sql: string; params: SQLInputValue[] },
): boolean {
  const sql =
    `WITH ${TEXT_PARTIES} SELECT CASE WHEN ${OWN_PARTY_HIT} THEN 0 ELSE (SELECT COUNT(*) FROM ` +
    `(${hits.sql} LIMIT ${FEW_HITS + 1})) <= ${FEW_HITS} END AS few`
  return rowOf(FewRow, db.prepare(sql).get(...cte, ...hits.params), 'ledger_legs').few === 1
}

/** The legs (alias l) of a stored id given as an SQL expression, by the id index. */
const LEG_OF = (stored: string) => `${ID_KEY_SQL('l.id')} = ${ID_KEY_SQL(stored)} AND l.id = ${stored}`

/** The same test row by row; the unary + keeps these columns' indexes out of the plan. */
export function textScan(t: TextTerms): { sql: string; params: SQLInputValue[] } {
  const ranges = [
    { column: 'tx_hash', low: t.needle, high: t.end },
    { column: 'id', low: t.needle, high: t.end },
    ...t.hashes.map((r) => ({ column: 'tx_hash', ...r })),
    ...(t.ids ? [{ column: 'id', ...t.ids }] : []),
  ]
  const sql = [
    '+l.from_party IN (SELECT id FROM p)',
    '+l.to_party IN (SELECT id FROM p)',
    ...ranges.map((r) => `(+l.${r.column} >= ? AND +l.${r.column} < ?)`),
    '(+l.id, +l.direction) IN (SELECT id, direction FROM nh)',
  ]
  return { sql: `(${sql.join(' OR ')})`, params: ranges.flatMap((r) => [r.low, r.high]) }
}

/**
 * A leg's amount as a key that sorts like the number (shared/api/amount-key.ts), for the amount filters; see
 * registerAmountKey.
 */
const AMOUNT_KEY_SQL = 'desk_amount_key(l.amount)'

/** The amount key as an SQL function on the ledger's connection; a damaged amount has none (the read names it). */
export function registerAmountKey(db: DatabaseSync): void {
  db.function('desk_amount_key', { deterministic: true, directOnly: true }, (stored) => {
    const amount = amountText(stored)
    return typeof amount === 'string' && DECIMAL_PATTERN.test(amount) ? amountKey(amount) : null
  })
}

export function filterSql(
  f: Omit<LedgerFilter, 'text'>,
  words: LedgerWords,
): { sql: string[]; params: SQLInputValue[] } {
  const sql: string[] = []
  const params: SQLInputValue[] = []
  const add = (clause: string, ...values: SQLInputValue[]) => {
    sql.push(clause)
    params.push(...values)
  }
  if (f.walletId !== undefined) add('l.wallet_id = ?', words.stored(f.walletId))
  if (f.asset !== undefined) add('l.asset = ?', words.stored(f.asset))
  if (f.network !== undefined) add('l.network = ?', words.stored(f.network))
  if (f.direction !== undefined) add('l.direction = ?', f.direction)
  if (f.status === 'not_final') add('l.final = 0')
  else if (f.status !== undefined) add('l.status = ?', words.stored(f.status))
  if (f.from !== undefined) add('l.at_ms > ?', Date.parse(f.from))
  if (f.to !== undefined) add('l.at_ms <= ?', Date.parse(f.to))
  if (f.minAmount !== undefined) add(`${AMOUNT_KEY_SQL} >= ?`, amountKey(f.minAmount))
  if (f.maxAmount !== undefined) add(`${AMOUNT_KEY_SQL} <= ?`, amountKey(f.maxAmount))
  // `bait = 1` implies the partial index's `bait IS NOT NULL`: the flagged legs are read from it alone.
  if (f.suspectedPoisoning) add('l.bait = 1')
  if (f.tag !== undefined) add(TAG_MATCH, f.tag)
  return { sql, params }
}
