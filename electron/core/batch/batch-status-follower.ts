import { TERMINAL_WITHDRAWAL_STATUSES, type Withdrawal } from '../../../shared/api/resources'
import type { EventPayload } from '../../../shared/ipc/events'
import type { ApiClient } from '../api/api-client'
import type { Pacer } from '../api/pacer'
import { FollowBudget } from '../payouts/use-cases'
import { batchRepo, type BatchRepo, type DeskStore } from '../store'
import { readBatchStatuses, type StatusPlaces } from './batch-refresh'

/** How the follower waits; tests drive it by hand. */
export interface FollowerTimers {
  /** `run` resolves when the read it starts has ended. */
  set(run: () => Promise<void>, ms: number): unknown
  clear(handle: unknown): void
}

const realTimers: FollowerTimers = {
  set: (run, ms) => setTimeout(() => void run(), ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

export interface BatchStatusFollowerOptions {
  /** The background's client: reading batch statuses never takes a place a person waits for. */
  client: Pick<ApiClient<'background'>, 'withdrawalPage' | 'priority'>
  store: DeskStore
  /** The key's shared pacer: a round reads a page only while more than the reserve is left to payouts. */
  pacer: Pick<Pacer, 'limit' | 'status'>
  profileId: string
  emit: (payload: EventPayload<'withdrawal.updated'>) => void
  minDelayMs?: number
  maxDelayMs?: number
  timers?: FollowerTimers
  /** What following may spend a minute, shared with the single payouts' poller: a page is read only within it. */
  budget?: FollowBudget
}

/**
 * Keeps the payout statuses of batch rows current while the profile is open, without following them one
 * by one (hundreds of reads would spend the budget the batches need): while any accepted row's payout is
 * not final, it reads the withdrawal list a page of 100 at a time (each round continuing where the last
 * stopped), every 5 s at first and up to once a minute while nothing changes, sooner again when new rows
 * are accepted or a status moved. Each change lands in the store's copy the batch view reads and goes out
 * as `withdrawal.updated`.
 */
export class BatchStatusFollower {
  private readonly min: number
  private readonly max: number
  private readonly timers: FollowerTimers
  private readonly budget: FollowBudget
  private delay: number
  private timer: { handle: unknown; at: number } | null = null
  private round: Promise<void> | null = null
  /** The last outbox move looked at; null before the first look. */
  private seen: number | null = null
  /** Rows were accepted since the current read started. */
  private woken = false
  private stopped = false
  /** Where a pass the budget cut short stands: the next round continues it. */
  private readonly places: StatusPlaces = new Map()

  constructor(private readonly options: BatchStatusFollowerOptions) {
    this.min = options.minDelayMs ?? 5_000
    this.max = options.maxDelayMs ?? 60_000
    this.timers = options.timers ?? realTimers
    this.budget = options.budget ?? new FollowBudget()
    this.delay = this.min
  }

  /**
   * On every outbox change: rows accepted since the last look bring the next read back to the shortest wait. Only the
   * moves made since the last look are read, so a change costs the same in a batch of ten rows or ten thousand.
   */
  wake(): void {
    if (this.stopped) return
    const { store } = this.options
    const moves = store.read('look for accepted batch rows', () => store.repo(batchRepo).movesSince(this.seen))
    this.seen = moves.mark
    if (!moves.accepted) return
    this.delay = this.min
    this.woken = true
    // A round in progress schedules the next one when it ends; a later read is brought forward, an earlier one kept.
    if (this.round === null && (this.timer === null || this.timer.at > Date.now() + this.min)) this.schedule(this.min)
  }

  /** No further reads; resolves once a read in progress has ended. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) this.timers.clear(this.timer.handle)
    this.timer = null
    await this.round
  }

  private schedule(ms: number): void {
    if (this.timer) this.timers.clear(this.timer.handle)
    const handle = this.timers.set(() => {
      this.timer = null
      this.round = this.follow().finally(() => (this.round = null))
      return this.round
    }, ms)
    this.timer = { handle, at: Date.now() + ms }
  }

  private async follow(): Promise<void> {
    this.woken = false
    let moved = false
    try {
      const open = this.openRows()
      // Nothing to follow until another row is accepted (`wake`).
      if (open.length === 0) return
      const mayRead = () => this.headroom() && this.budget.take()
      moved = this.keep(await readBatchStatuses(this.options.client, open, mayRead, this.places))
    } catch {
      // A failed read (network, provider, disk) is tried again later; the manual refresh reports its errors.
    }
    if (this.stopped) return
    // Rows accepted during this read may not be in it: they are read at the shortest wait too.
    this.delay = moved || this.woken ? this.min : Math.min(this.max, this.delay * 2)
    this.schedule(this.delay)
  }

  /** Stores what was read; true when a status moved. */
  private keep(read: readonly Withdrawal[]): boolean {
    const { store } = this.options
    const changed = store.transaction('keep the payout statuses', () =>
      read.flatMap((w) => {
        const previous = store.withdrawals.get(w.id)?.withdrawal.status ?? null
        store.withdrawals.put(w)
        return previous === w.status ? [] : [{ withdrawal: w, previousStatus: previous }]
      }),
    )
    for (const c of changed) this.options.emit({ profileId: this.options.profileId, ...c, stale: false })
    return changed.length > 0
  }

  /** A background read leaves a tenth of the key's budget (at least two requests) to payouts and screens. */
  private headroom(): boolean {
    return this.options.pacer.status().remaining > Math.max(2, Math.ceil(this.options.pacer.limit / 10))
  }

  /** Accepted batch rows whose payout's last known status is not final. */
  private openRows(): ReturnType<BatchRepo['openRows']> {
    const { store } = this.options
    return store.read('read the batches', () => store.repo(batchRepo).openRows(TERMINAL_WITHDRAWAL_STATUSES))
  }
}
