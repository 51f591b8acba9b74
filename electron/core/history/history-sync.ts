import type { TransactionLeg } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import { ApiError } from '../api/errors'
import { realClock, type Pacer, type PacerClock } from '../api/pacer'
import { PagingGuard } from '../api/paging-guard'
import type { DeskStore } from '../store/desk-store'
import type { LedgerRepo, Walk } from '../store/ledger/ledger-repo'
import { recheckDelayMs, type RecheckBackoff } from './recheck-backoff'
import { measureProgress, type SyncProgress } from './sync-progress'
import { WalkProgress } from './walk-progress'

export interface HistorySyncOptions {
  /** How far below the high-water mark an incremental sync starts, for movements recorded a little late. */
  overlapMs?: number
  /** Rows per page asked of the provider (movements; an own-wallet move is two rows). */
  pageLimit?: number
  recheck?: Partial<RecheckBackoff>
  /**
   * Requests of the key's shared budget left for everything else: a background sync waits while
   * fewer remain, so a payout or a screen never queues behind it. 0 for a sync someone asked for.
   */
  reserve?: number
  /** When re-reads fall due and pages are stamped; tests move it instead of waiting on the wall clock. */
  clock?: PacerClock
}

export interface HistorySyncDeps {
  client: Pick<ApiClient, 'transactionPage' | 'getTransaction'>
  /** Every ledger write goes through the store, which names the file and the step when the disk fails. */
  store: Pick<DeskStore, 'transaction'>
  ledger: LedgerRepo
  pacer: Pick<Pacer, 'status' | 'limit' | 'windowMs'>
}

export interface SyncResult {
  pages: number
  rows: number
  rechecked: number
  /** Times the provider refused a stored cursor and the range restarted from the last committed row. */
  restarts: number
}

export const DEFAULT_OVERLAP_MS = 5 * 60_000
const MAX_RESTARTS_PER_PAGE = 2
const OPTIMIZE_AFTER_ROWS = 10_000

/**
 * A cursor the provider no longer knows (it restarted, or the cursor expired) is a 400 on a request that carried one.
 */
function cursorRefused(err: unknown): boolean {
  return err instanceof ApiError && err.status === 400 && err.code === 'validation_failed'
}

function iso(ms: number | null): string | undefined {
  return ms === null ? undefined : new Date(ms).toISOString()
}

/**
 * One sync of the profile's ledger. A first sync walks the whole history newest first; later ones
 * walk (high-water mark − overlap, now]. Every page is committed with the walk's position in one
 * transaction, so a kill loses at most the page in flight and the next run continues from there.
 * Movements not final are then re-read one by one until the provider calls them final.
 */
export class HistorySync {
  private readonly overlapMs: number
  private readonly pageLimit: number
  private readonly backoff: RecheckBackoff
  private readonly clock: PacerClock

  private readonly client: HistorySyncDeps['client']
  private readonly store: HistorySyncDeps['store']
  private readonly ledger: LedgerRepo
  private readonly pacer: HistorySyncDeps['pacer']

  constructor(
    deps: HistorySyncDeps,
    private readonly options: HistorySyncOptions = {},
  ) {
    this.client = deps.client
    this.store = deps.store
    this.ledger = deps.ledger
    this.pacer = deps.pacer
    this.overlapMs = options.overlapMs ?? DEFAULT_OVERLAP_MS
    this.pageLimit = options.pageLimit ?? 100
    this.backoff = { baseMs: 10_000, maxMs: 15 * 60_000, ...options.recheck }
    this.clock = options.clock ?? realClock
  }

  async run(signal: AbortSignal, onProgress: (p: SyncProgress) => void = () => undefined): Promise<SyncResult> {
    const run = { pages: 0, rows: 0, rechecked: 0, restarts: 0, startedMs: this.clock.now() }
    const report = (walk: Walk | null, phase: SyncProgress['phase']) =>
      onProgress(measureProgress({ ...run, nowMs: this.clock.now() }, walk, phase))
    try {
      await this.walk(signal, run, report)
      await this.recheck(signal, run, report)
      this.store.transaction('note the history sync', () => this.ledger.recordAttempt(this.clock.now(), null))
    } catch (err) {
      if (!signal.aborted) this.noteFailure(err)
      throw err
    }
    report(null, 'done')
    return { pages: run.pages, rows: run.rows, rechecked: run.rechecked, restarts: run.restarts }
  }

  private startWalk(): Walk {
    const state = this.store.transaction('read the history ledger', () => this.ledger.state())
    if (state.walk) return state.walk
    // A first sync (or one whose first walk never finished) has no mark: it reads everything.
    const after = state.complete && state.highWaterMs !== null ? state.highWaterMs - this.overlapMs : null
    const walk: Walk = {
      after,
      before: null,
      cursor: null,
      newest: null,
      oldest: null,
      pages: 0,
      rows: 0,
      startedAt: this.clock.now(),
    }
    this.store.transaction('start a history sync', () => this.ledger.saveWalk(walk))
    return walk
  }

  private async walk(
    signal: AbortSignal,
    run: SyncResult,
    report: (w: Walk | null, p: SyncProgress['phase']) => void,
  ): Promise<void> {
    let walk = this.startWalk()
    let refusals = 0
    // Keyed by the range too: a restart asks a new range, whose cursors may look like the old ones.
    const guard = new PagingGuard()
    // And by what the pages bring: new cursors over the same movements are no progress.
    const progress = new WalkProgress()
    const range = (w: Walk) => `${w.after}/${w.before}`
    if (walk.cursor !== null) guard.next(range(walk), 1, walk.cursor)
    for (;;) {
      signal.throwIfAborted()
      await this.headroom(signal)
      let page: { rows: TransactionLeg[]; nextCursor: string | null }
      try {
        page = await this.client.transactionPage(
          {
            limit: this.pageLimit,
            cursor: walk.cursor ?? undefined,
            created_after: iso(walk.after),
            created_before: iso(walk.before),
          },
          { signal },
        )
      } catch (err) {
        if (walk.cursor === null || !cursorRefused(err) || refusals >= MAX_RESTARTS_PER_PAGE) throw err
        // Restart the range down from the oldest committed row (inclusive: rows sharing its time
        // may not all be in yet); rows read twice land on their own (id, direction) again.
        refusals++
        run.restarts++
        const restarted = { ...walk, cursor: null, before: walk.oldest ?? walk.before }
        this.store.transaction('restart the history range', () => this.ledger.saveWalk(restarted))
        walk = restarted
        continue
      }
      guard.next(range(walk), page.rows.length, page.nextCursor)
      progress.next(page.rows, page.nextCursor)
      refusals = 0
      const times = page.rows.map((r) => Date.parse(r.created_at))
      const next: Walk = {
        ...walk,
        cursor: page.nextCursor,
        newest: times.length ? Math.max(walk.newest ?? -Infinity, ...times) : walk.newest,
        oldest: times.length ? Math.min(walk.oldest ?? Infinity, ...times) : walk.oldest,
        pages: walk.pages + 1,
        rows: walk.rows + page.rows.length,
      }
      const now = this.clock.now()
      this.store.transaction('record a page of history', () =>
        this.ledger.commitPage(page.rows, next, page.nextCursor === null, now, now + recheckDelayMs(0, this.backoff)),
      )
      run.pages++
      run.rows += page.rows.length
      walk = next
      report(walk, 'pages')
      if (page.nextCursor === null) {
        // After a large walk the planner's statistics are stale: refresh them so filters pick the narrowest index.
        if (run.rows >= OPTIMIZE_AFTER_ROWS)
          this.store.transaction('refresh the ledger statistics', () => this.ledger.optimize())
        return
      }
    }
  }

  /** Re-reads each movement not final whose time has come; its backoff doubles while it stays so. */
  private async recheck(
    signal: AbortSignal,
    run: SyncResult,
    report: (w: Walk | null, p: SyncProgress['phase']) => void,
  ): Promise<void> {
    for (;;) {
      const due = this.store.transaction('read the movements not final', () =>
        this.ledger.duePending(this.clock.now(), 50),
      )
      if (due.length === 0) return
      for (const { id, attempts } of due) {
        signal.throwIfAborted()
        await this.headroom(signal)
        let legs: TransactionLeg[] = []
        try {
          legs = await this.client.getTransaction(id, { signal })
        } catch (err) {
          // A movement the provider no longer shows keeps its last answer and is asked again later.
          if (!(err instanceof ApiError && err.status === 404)) throw err
        }
        const now = this.clock.now()
        this.store.transaction('record a re-read movement', () =>
          this.ledger.replaceMovement(id, legs, now, now + recheckDelayMs(attempts + 1, this.backoff)),
        )
        run.rechecked++
        report(null, 'recheck')
      }
    }
  }

  /**
   * The error stays on the ledger for the screen ("last sync failed: ..."); a failing disk must not hide the first
   * error.
   */
  private noteFailure(err: unknown): void {
    const message = err instanceof Error ? err.message : String(err)
    try {
      this.store.transaction('note the history sync', () => this.ledger.recordAttempt(this.clock.now(), message))
    } catch {
      // the caller reports the original error
    }
  }

  private async headroom(signal: AbortSignal): Promise<void> {
    const reserve = this.options.reserve ?? 0
    if (reserve <= 0) return
    while (this.pacer.status().remaining <= reserve)
      await this.clock.sleep(this.pacer.windowMs / this.pacer.limit, signal)
  }
}
