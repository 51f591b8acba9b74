import type { DatabaseSync } from 'node:sqlite'
import type { LedgerFilter, LedgerPage, LedgerPosition, LedgerRow } from '../../../../shared/api/ledger-query'
import { isoOfLast, LEG_FROM, type LegTally, ROW_READ, TALLY_READ, toRow, toTally } from './ledger-rows'
import {
  arrayRows,
  arrays,
  BATCH_AFTER,
  batches,
  fewHits,
  filterSql,
  LEG_ID,
  legIdParams,
  ROWS_BATCH,
  TEXT_PARTIES,
  textCteParams,
  textHits,
  textScan,
  textTerms,
  whereClause,
} from './ledger-sql'
import type { LedgerWords } from './ledger-words'
import { foundRowOf } from '../scalar-rows'
import { LegSeqRow } from './ledger-repo-rows'

/** The ledger's legs as screens, exports and reports read them: pages, one movement, every leg of a period. */
export class LedgerReads {
  constructor(
    private readonly db: DatabaseSync,
    private readonly words: LedgerWords,
  ) {}

  /** One page of the ledger, newest first, with every filter applied in SQL over the indexes. */
  page(filter: LedgerFilter, after: LedgerPosition | undefined, limit: number): LedgerPage {
    const where = filterSql(filter, this.words)
    if (after) {
      // Ties on recorded time are broken by the row's own sequence number, which the indexes carry.
      const at = Date.parse(after.at)
      const found = this.db
        .prepare(`SELECT l.seq FROM ledger_legs l WHERE ${LEG_ID} AND l.direction = ?`)
        .get(...legIdParams(after.id), after.direction)
      const seq = foundRowOf(LegSeqRow, found, 'ledger_legs')?.seq
      // `at_ms <= ?` on its own lets the index start at the position instead of skipping every newer row.
      where.sql.push('l.at_ms <= ?', '(l.at_ms < ? OR l.seq < ?)')
      where.params.push(at, at, seq ?? Number.MAX_SAFE_INTEGER)
    }
    const order = 'ORDER BY l.at_ms DESC, l.seq DESC LIMIT ?'
    let sql = `SELECT ${ROW_READ.select} FROM ${LEG_FROM} ${whereClause(where.sql)} ${order}`
    let params = where.params
    if (filter.text !== undefined) {
      const terms = textTerms(filter.text)
      const hits = textHits(terms)
      const cte = textCteParams(this.db, terms.needle)
      if (fewHits(this.db, cte, hits)) {
        // Few matches: find them by index (parties, hash, id), then filter and sort just those.
        sql = `WITH ${TEXT_PARTIES}, hits(seq) AS (${hits.sql}) SELECT ${ROW_READ.select} FROM ${LEG_FROM}
          ${whereClause([...where.sql, 'l.seq IN (SELECT seq FROM hits)'])} ${order}`
        params = [...cte, ...hits.params, ...where.params]
      } else {
        // Many matches: walk the legs newest first and stop at the page's end; the text terms must not steer the index.
        const scan = textScan(terms)
        sql =
          `WITH ${TEXT_PARTIES} SELECT ${ROW_READ.select} FROM ${LEG_FROM} ` +
          `${whereClause([...where.sql, scan.sql])} ${order}`
        params = [...cte, ...where.params, ...scan.params]
      }
    }
    const raws = arrayRows(arrays(this.db.prepare(sql)).all(...params, limit + 1))
    const readAt = isoOfLast()
    const rows = raws.slice(0, limit).map((raw) => toRow(raw, this.words, readAt))
    const last = raws.length > limit ? rows[rows.length - 1]! : null
    return { rows, next: last && { at: last.created_at, id: last.id, direction: last.direction } }
  }

  /** Every leg of one movement, outgoing first. */
  legs(id: string): LedgerRow[] {
    const raws = arrayRows(
      arrays(
        this.db.prepare(`SELECT ${ROW_READ.select} FROM ${LEG_FROM} WHERE ${LEG_ID} ORDER BY l.direction DESC`),
      ).all(...legIdParams(id)),
    )
    const readAt = isoOfLast()
    return raws.map((raw) => toRow(raw, this.words, readAt))
  }

  /** Every leg matching the filter, oldest first (reports and exports), read in batches so memory stays flat. */
  *rows(filter: LedgerFilter): Generator<LedgerRow> {
    const where = filterSql({ ...filter, from: undefined }, this.words)
    // A text search walks the legs in order like a page with many matches does.
    const terms = filter.text === undefined ? null : textTerms(filter.text)
    const scan = terms && textScan(terms)
    const textSql = scan ? [scan.sql] : []
    const before = terms ? textCteParams(this.db, terms.needle) : []
    const textParams = scan?.params ?? []
    // Batches by position rather than a row-by-row iterator: node:sqlite hands over a batch far faster.
    const sql = `${terms ? `WITH ${TEXT_PARTIES} ` : ''}SELECT ${ROW_READ.select} FROM ${LEG_FROM}
      ${whereClause([...where.sql, ...textSql, ...BATCH_AFTER])} ORDER BY l.at_ms, l.seq LIMIT ${ROWS_BATCH}`
    const readAt = isoOfLast()
    const params = [...before, ...where.params, ...textParams]
    for (const raws of batches(arrays(this.db.prepare(sql)), params, filter.from, ROW_READ))
      for (const raw of raws) yield toRow(raw, this.words, readAt)
  }

  /**
   * What a report counts of every leg in the period, oldest first: only the columns it adds up,
   * without the joins and timestamps a screen needs, so a hundred thousand legs are summed in a blink.
   */
  *tallies(filter: Omit<LedgerFilter, 'text'>): Generator<LegTally> {
    const where = filterSql({ ...filter, from: undefined }, this.words)
    const sql = `SELECT ${TALLY_READ.select} FROM ledger_legs l ${whereClause([...where.sql, ...BATCH_AFTER])}
      ORDER BY l.at_ms, l.seq LIMIT ${ROWS_BATCH}`
    for (const raws of batches(arrays(this.db.prepare(sql)), where.params, filter.from, TALLY_READ))
      for (const raw of raws) yield toTally(raw, this.words)
  }

  /** The legs not final recorded before `beforeMs`, oldest first: few, found by their own index. */
  notFinalBefore(beforeMs: number, walletId?: string): LegTally[] {
    const wallet = walletId === undefined ? '' : ' AND l.wallet_id = ?'
    const sql =
      `SELECT ${TALLY_READ.select} FROM ledger_legs l INDEXED BY ledger_legs_open WHERE l.final = 0 ` +
      `AND l.at_ms < ?${wallet} ORDER BY l.at_ms, l.seq`
    const raws = arrayRows(
      arrays(this.db.prepare(sql)).all(
        ...(walletId === undefined ? [beforeMs] : [beforeMs, this.words.stored(walletId)]),
      ),
    )
    return raws.map((raw) => toTally(raw, this.words))
  }
}
