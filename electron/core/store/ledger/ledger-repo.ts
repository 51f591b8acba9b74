import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type {
  LedgerFilter,
  LedgerPage,
  LedgerPosition,
  LedgerRow,
  LedgerSummary,
} from '../../../../shared/api/ledger-query'
import type { TransactionLeg } from '../../../../shared/api/resources'
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
  registerAmountKey,
  ROWS_BATCH,
  TEXT_PARTIES,
  textCteParams,
  textHits,
  textScan,
  textTerms,
  whereClause,
} from './ledger-sql'
import { LedgerParties } from './ledger-parties'
import { LedgerWords } from './ledger-words'
import { LegWrites } from './ledger-writes'
import { readLedgerState, WalkSchema, type LedgerState, type Walk } from './ledger-state'
import { inTransaction } from '../transaction'
import { CountRow } from '../common-rows'
import { foundRowOf, rowOf, rowsOf } from '../scalar-rows'
import { DuePendingRow, LegSeqRow, MarksRow, NextPendingRow, ScopeRow } from './ledger-repo-rows'
import { BaitFlags } from './bait-flags'
import { KnownAddresses } from '../destinations/known-addresses'
import type { OpeningEffect } from './opening-effects'
import { OpeningSums } from './opening-sums'

export type { LegTally } from './ledger-rows'
export { WalkSchema, type LedgerState, type Walk } from './ledger-state'

/** The history ledger of one profile: legs by (id, direction), the sync's progress, legs still moving. */
export class LedgerRepo {
  private readonly parties: LedgerParties
  private readonly writes: LegWrites
  private readonly known: KnownAddresses
  private readonly sums: OpeningSums
  private readonly bait: BaitFlags
  private readonly words: LedgerWords
  private legLookup: StatementSync | null = null
  /** The legs counted, and the database's change marks when they were: equal marks mean nothing was written since. */
  private counted: { marks: string; rows: number } | null = null

  constructor(private readonly db: DatabaseSync) {
    this.known = new KnownAddresses(db)
    this.sums = new OpeningSums(db)
    this.bait = new BaitFlags(db)
    this.words = new LedgerWords(db)
    this.parties = new LedgerParties(db)
    this.writes = new LegWrites(db, this.words, this.parties, this.known, this.bait, this.sums, () => this.tallies({}))
    registerAmountKey(db)
    // A million legs are a few hundred megabytes: map the file instead of copying pages through
    // read calls, and keep a larger page cache, so filters and reports stay in memory once warm.
    db.exec('PRAGMA mmap_size = 1073741824; PRAGMA cache_size = -65536')
  }

  /**
   * Ties the ledger to one provider environment and key. A ledger of another base URL or Key ID
   * is removed here, in one transaction, so two environments' movements are never mixed.
   */
  bind(scope: string): { cleared: boolean } {
    return inTransaction(this.db, () => {
      const current = foundRowOf(
        ScopeRow,
        this.db.prepare('SELECT scope FROM ledger_state WHERE id = 1').get(),
        'ledger_state',
      )
      if (current?.scope === scope) return { cleared: false }
      this.db.exec(
        'DELETE FROM ledger_legs; DELETE FROM ledger_own_parties; DELETE FROM ledger_parties; DELETE FROM ' +
          'ledger_read_times; DELETE FROM ledger_pending; DELETE FROM ledger_opening_months; DELETE FROM ledger_state',
      )
      this.parties.forget()
      this.words.forget()
      this.known.reset()
      this.db.prepare('INSERT INTO ledger_state (id, scope) VALUES (1, ?)').run(scope)
      return { cleared: current !== undefined }
    })
  }

  /** The ledger holds this movement's leg in `direction` (both legs of a move between own wallets share one id). */
  hasLeg(id: string, direction: 'in' | 'out'): boolean {
    this.legLookup ??= this.db.prepare(`SELECT 1 FROM ledger_legs l WHERE ${LEG_ID} AND l.direction = ?`)
    return this.legLookup.get(...legIdParams(id), direction) !== undefined
  }

  state(): LedgerState {
    return readLedgerState(this.db)
  }

  saveWalk(walk: Walk | null): void {
    this.db
      .prepare('UPDATE ledger_state SET walk = ? WHERE id = 1')
      .run(walk === null ? null : JSON.stringify(WalkSchema.parse(walk)))
  }

  /**
   * A page's rows and the walk's new position in one transaction: either both are on disk or
   * neither. On the last page (`done`) the high-water mark moves and the walk ends in it too.
   */
  commitPage(
    legs: readonly TransactionLeg[],
    walk: Walk,
    done: boolean,
    readAtMs: number,
    firstRecheckMs: number,
  ): void {
    inTransaction(this.db, () => {
      this.writes.write(legs, readAtMs, firstRecheckMs)
      if (!done) return this.saveWalk(walk)
      // The walk has noted every party it will: bait older than the address it imitates is flagged now.
      this.bait.recheck()
      const state = this.state()
      const highWater = Math.max(state.highWaterMs ?? -Infinity, walk.newest ?? -Infinity)
      this.db
        .prepare(
          'UPDATE ledger_state SET complete = 1, high_water_ms = ?, synced_at_ms = ?, walk = NULL, last_error ' +
            '= NULL WHERE id = 1',
        )
        .run(Number.isFinite(highWater) ? highWater : null, walk.startedAt)
    })
  }

  recordAttempt(atMs: number, error: string | null): void {
    this.db.prepare('UPDATE ledger_state SET last_attempt_ms = ?, last_error = ? WHERE id = 1').run(atMs, error)
  }

  /** The provider's latest answer for one movement; it leaves the re-read list once every leg is final. */
  replaceMovement(id: string, legs: readonly TransactionLeg[], readAtMs: number, nextCheckMs: number): void {
    inTransaction(this.db, () => {
      this.writes.write(legs, readAtMs, nextCheckMs)
      const open = this.db
        .prepare(`SELECT 1 FROM ledger_legs l WHERE ${LEG_ID} AND l.final = 0 LIMIT 1`)
        .get(...legIdParams(id))
      if (open)
        this.db
          .prepare('UPDATE ledger_pending SET attempts = attempts + 1, next_check_ms = ? WHERE id = ?')
          .run(nextCheckMs, id)
      else this.db.prepare('DELETE FROM ledger_pending WHERE id = ?').run(id)
    })
  }

  /** Movements not final whose next re-read is due, soonest first, with how often they were read. */
  duePending(nowMs: number, limit: number): Array<{ id: string; attempts: number }> {
    const rows = this.db
      .prepare('SELECT id, attempts FROM ledger_pending WHERE next_check_ms <= ? ORDER BY next_check_ms LIMIT ?')
      .all(nowMs, limit)
    return rowsOf(DuePendingRow, rows, 'ledger_pending')
  }

  nextPendingMs(): number | null {
    const row = this.db.prepare('SELECT MIN(next_check_ms) AS next FROM ledger_pending').get()
    return rowOf(NextPendingRow, row, 'ledger_pending').next
  }

  summary(): LedgerSummary {
    const s = this.state()
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
    const rows = this.legCount()
    const notFinal = this.count('SELECT COUNT(*) AS n FROM ledger_legs WHERE final = 0')
    return {
      rows,
      notFinal,
      complete: s.complete,
      syncedAt: iso(s.syncedAtMs),
      walk: s.walk && {
        pages: s.walk.pages,
        rows: s.walk.rows,
        startedAt: iso(s.walk.startedAt)!,
        reachedBack: iso(s.walk.oldest),
      },
      lastError: s.lastError,
      lastAttemptAt: iso(s.lastAttemptMs),
    }
  }

  /**
   * How many legs the ledger holds. Counting reads an index entry per leg (a million on a large ledger, most of the
   * screen's open), so the count is kept until this connection or another one writes to the database.
   */
  private legCount(): number {
    const { own, other } = rowOf(
      MarksRow,
      this.db.prepare('SELECT total_changes() AS own, (SELECT data_version FROM pragma_data_version) AS other').get(),
      'data_version',
    )
    const marks = `${own}/${other}`
    if (this.counted?.marks === marks) return this.counted.rows
    const rows = this.count('SELECT COUNT(*) AS n FROM ledger_legs')
    // Inside a transaction the writes may yet be rolled back without moving the marks: not kept.
    this.counted = this.db.isTransaction ? null : { marks, rows }
    return rows
  }

  private count(sql: string): number {
    return rowOf(CountRow, this.db.prepare(sql).get(), 'ledger_legs').n
  }

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

  /**
   * Per wallet, asset and network, the opening effect of every leg recorded before `beforeMs` (a UTC month start); null
   * while the sums are stale.
   */
  openingBefore(beforeMs: number, walletId?: string): OpeningEffect[] | null {
    return this.sums.before(beforeMs, walletId)
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

  /**
   * The monthly opening sums counted again from every leg; false (and left stale) when a damaged leg stops the count.
   */
  recountOpenings(): boolean {
    try {
      this.sums.recount(this.tallies({}))
      return true
    } catch {
      return false
    }
  }

  /** Refreshes the planner's statistics after a large sync so filters pick the narrowest index. */
  optimize(): void {
    // A sampled analysis: seconds of exact statistics on a million rows would stall the process for no better plan.
    this.db.exec('PRAGMA analysis_limit = 1000; PRAGMA optimize = 0x10002')
  }
}
