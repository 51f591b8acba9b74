import type { EventPayload } from '../../../shared/ipc/events'
import type { ApiClient } from '../api/api-client'
import type { Pacer } from '../api/pacer'
import type { DeskStore } from '../store/desk-store'
import type { LedgerRepo } from '../store/ledger/ledger-repo'
import { HistorySync, type HistorySyncOptions, type SyncResult } from './history-sync'
import { withSyncLease } from './sync-lease'

export type HistoryStatus = EventPayload<'history.progress'>

export interface HistoryRunnerDeps {
  profileId: string
  store: DeskStore
  ledger: LedgerRepo
  /** The background's client: the sync nobody waits for never takes a place a person waits for. */
  client: Pick<ApiClient<'background'>, 'transactionPage' | 'getTransaction' | 'priority'>
  pacer: Pick<Pacer, 'status' | 'limit' | 'windowMs'>
  emit(status: HistoryStatus): void
  /** Time between background syncs while the profile is open. */
  everyMs?: number
  sync?: HistorySyncOptions
}

const DEFAULT_EVERY_MS = 60_000

/**
 * Keeps the open profile's ledger current in the background: a sync now, then one every minute,
 * sooner when a movement not final is due for a re-read. It leaves part of the key's budget to
 * payouts and screens (the sync's reserve) and can be paused, resumed, cancelled or run now.
 */
export class HistoryRunner {
  private current: Promise<SyncResult | null> | null = null
  private controller: AbortController | null = null
  private paused = false
  private stopped = false
  private timer: NodeJS.Timeout | null = null
  private last: HistoryStatus

  constructor(private readonly deps: HistoryRunnerDeps) {
    this.last = {
      profileId: deps.profileId,
      state: 'idle',
      pages: 0,
      rows: 0,
      rowsPerSecond: 0,
      etaSeconds: null,
      reachedBack: null,
      error: null,
    }
  }

  get status(): HistoryStatus {
    return this.last
  }

  start(): void {
    void this.tick()
  }

  /** Runs a sync now (or joins the one under way) and resolves when it ends; null when it was paused or cancelled. */
  syncNow(): Promise<SyncResult | null> {
    this.paused = false
    return this.runOnce()
  }

  /** Stops the sync under way (its last committed page stays) and holds further ones until resumed. */
  pause(): void {
    this.paused = true
    this.controller?.abort()
    this.publish({ state: 'paused' })
  }

  resume(): void {
    if (!this.paused) return
    this.paused = false
    void this.tick()
  }

  /** Ends the sync under way; the next one (scheduled or asked for) continues from its last committed page. */
  cancel(): boolean {
    const running = this.controller !== null
    this.controller?.abort()
    return running
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.controller?.abort()
    await this.current
  }

  private async tick(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (this.stopped || this.paused) return
    await this.runOnce()
    if (this.stopped || this.paused) return
    const every = this.deps.everyMs ?? DEFAULT_EVERY_MS
    const due = this.deps.store.read('read the history ledger', () => this.deps.ledger.nextPendingMs())
    const wait = due === null ? every : Math.max(0, Math.min(every, due - Date.now()))
    this.timer = setTimeout(() => void this.tick(), wait)
    this.timer.unref()
  }

  private runOnce(): Promise<SyncResult | null> {
    this.current ??= this.execute().finally(() => {
      this.current = null
      this.controller = null
    })
    return this.current
  }

  private async execute(): Promise<SyncResult | null> {
    const controller = new AbortController()
    this.controller = controller
    const { store, ledger, client, pacer } = this.deps
    // A background sync leaves a tenth of the budget (at least two requests) to everything else.
    const reserve = Math.max(2, Math.ceil(pacer.limit / 10))
    const sync = new HistorySync({ client, store, ledger, pacer }, { reserve, ...this.deps.sync })
    this.publish({ state: 'running', pages: 0, rows: 0, rowsPerSecond: 0, etaSeconds: null, error: null })
    try {
      const result = await withSyncLease(
        store,
        controller.signal,
        () => undefined,
        () =>
          sync.run(controller.signal, (p) =>
            this.publish({
              state: 'running',
              pages: p.pages,
              rows: p.rows,
              rowsPerSecond: p.rowsPerSecond,
              etaSeconds: p.etaSeconds,
              reachedBack: p.reachedBack,
            }),
          ),
      )
      this.publish({ state: 'idle', etaSeconds: 0 })
      return result
    } catch (err) {
      if (controller.signal.aborted) {
        this.publish({ state: this.paused ? 'paused' : 'idle' })
        return null
      }
      this.publish({ state: 'failed', error: err instanceof Error ? err.message : String(err) })
      return null
    }
  }

  private publish(change: Partial<HistoryStatus>): void {
    this.last = { ...this.last, ...change }
    this.deps.emit(this.last)
  }
}
