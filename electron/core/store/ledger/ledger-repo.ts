import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type {
  LedgerFilter,
  LedgerPage,
  LedgerPosition,
  LedgerRow,
  LedgerSummary,
} from '../../../../shared/api/ledger-query'
import type { TransactionLeg } from '../../../../shared/api/resources'
import type { LegTally } from './ledger-rows'
import { LEG_ID, legIdParams, registerAmountKey } from './ledger-sql'
import { LedgerParties } from './ledger-parties'
import { LedgerReads } from './ledger-reads'
import { LedgerSyncProgress } from './ledger-sync-progress'
import { LedgerWords } from './ledger-words'
import { LegWrites } from './ledger-writes'
import type { LedgerState, Walk } from './ledger-state'
import { inTransaction } from '../transaction'
import { foundRowOf } from '../scalar-rows'
import { ScopeRow } from './ledger-repo-rows'
import { BaitFlags } from './bait-flags'
import { KnownAddresses } from '../destinations/known-addresses'
import type { OpeningEffect } from './opening-effects'
import { OpeningSums } from './opening-sums'

export type { LegTally } from './ledger-rows'
export { WalkSchema, type LedgerState, type Walk } from './ledger-state'

/**
 * The history ledger of one profile: legs by (id, direction), the sync's progress, legs still moving. The writes that
 * keep the derived tables in step live here; the reads (`LedgerReads`) and the sync's progress (`LedgerSyncProgress`)
 * each have a file of their own.
 */
export class LedgerRepo {
  private readonly parties: LedgerParties
  private readonly writes: LegWrites
  private readonly known: KnownAddresses
  private readonly sums: OpeningSums
  private readonly bait: BaitFlags
  private readonly words: LedgerWords
  private readonly reads: LedgerReads
  private readonly progress: LedgerSyncProgress
  private legLookup: StatementSync | null = null

  constructor(private readonly db: DatabaseSync) {
    this.known = new KnownAddresses(db)
    this.sums = new OpeningSums(db)
    this.bait = new BaitFlags(db)
    this.words = new LedgerWords(db)
    this.parties = new LedgerParties(db)
    this.reads = new LedgerReads(db, this.words)
    this.progress = new LedgerSyncProgress(db)
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
      if (!done) return this.progress.saveWalk(walk)
      // The walk has noted every party it will: bait older than the address it imitates is flagged now.
      this.bait.recheck()
      this.progress.finishWalk(walk)
    })
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

  /**
   * Per wallet, asset and network, the opening effect of every leg recorded before `beforeMs` (a UTC month start); null
   * while the sums are stale.
   */
  openingBefore(beforeMs: number, walletId?: string): OpeningEffect[] | null {
    return this.sums.before(beforeMs, walletId)
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

  // The sync's progress (LedgerSyncProgress).
  state(): LedgerState {
    return this.progress.state()
  }
  saveWalk(walk: Walk | null): void {
    this.progress.saveWalk(walk)
  }
  recordAttempt(atMs: number, error: string | null): void {
    this.progress.recordAttempt(atMs, error)
  }
  duePending(nowMs: number, limit: number): Array<{ id: string; attempts: number }> {
    return this.progress.duePending(nowMs, limit)
  }
  nextPendingMs(): number | null {
    return this.progress.nextPendingMs()
  }
  summary(): LedgerSummary {
    return this.progress.summary()
  }

  // The legs as screens, exports and reports read them (LedgerReads).
  page(filter: LedgerFilter, after: LedgerPosition | undefined, limit: number): LedgerPage {
    return this.reads.page(filter, after, limit)
  }
  legs(id: string): LedgerRow[] {
    return this.reads.legs(id)
  }
  rows(filter: LedgerFilter): Generator<LedgerRow> {
    return this.reads.rows(filter)
  }
  tallies(filter: Omit<LedgerFilter, 'text'>): Generator<LegTally> {
    return this.reads.tallies(filter)
  }
  notFinalBefore(beforeMs: number, walletId?: string): LegTally[] {
    return this.reads.notFinalBefore(beforeMs, walletId)
  }
}
