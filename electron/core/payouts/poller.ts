import { TERMINAL_WITHDRAWAL_STATUSES, type Withdrawal } from '../../../shared/api/resources'
import type { EventPayload } from '../../../shared/ipc/events'
import type { ApiClient } from '../api/api-client'
import { ApiError } from '../api/errors'
import { FollowBudget, realFollowClock, type FollowClock } from './follow-budget'
import { ListSweep, SWEEP_PAGE } from './list-sweep'

export type Notify = (title: string, body: string) => void

export interface PollerOptions {
  /** The background's client: following payouts never takes a place a person waits for. */
  client: Pick<ApiClient<'background'>, 'withdrawalPage' | 'getWithdrawal' | 'priority'>
  profileId: string
  emit: (payload: EventPayload<'withdrawal.updated'>) => void
  /** Desktop notification hook; the Electron shell injects it. */
  notify?: Notify
  /** Shortest wait before a payout is read again (after a change), and the longest while one that moves is quiet. */
  minDelayMs?: number
  maxDelayMs?: number
  /**
   * Longest wait before a payout waiting for approval is read again: a tenth of its age until then. With the pass
   * through the list this bounds the age of every read (see FOLLOW_BOUND_MS).
   */
  waitingMaxDelayMs?: number
  /** What following may spend a minute, shared with the batch rows' follow. */
  budget?: FollowBudget
  /** Several processes on one profile: one follows, the others read its answers from the store. */
  shared?: PollSharing
  clock?: FollowClock
}

export interface PollSharing {
  /** True when this process may follow payouts now (no other live process does). */
  claim(): boolean
  release(): void
  publish(withdrawals: readonly Withdrawal[]): void
  latest(id: string): Withdrawal | null
}

interface Tracked {
  status: string | null
  stale: boolean
  createdAt: number | null
  delay: number
  dueAt: number
  /** Where the list last held it (new ones are looked for on the first page); null until then. */
  at: number | null
  /** When it was last read from the provider (or the store); null until then. */
  readAt: number | null
}

const STATUS_TEXT: Record<string, string> = {
  received: 'received',
  pending_approval: 'waiting for approval',
  approved: 'approved',
  processing: 'being sent',
  completed: 'completed',
  rejected: 'rejected',
  failed: 'failed',
  expired: 'expired',
  cancelled: 'cancelled',
}

/** Longest wait before a payout waiting for approval is read again, unless told otherwise. */
const WAITING_MAX_MS = 120_000

function isTerminal(status: string | null): boolean {
  return status !== null && (TERMINAL_WITHDRAWAL_STATUSES as readonly string[]).includes(status)
}

/**
 * Follows every non-terminal payout of the open profile at a cost that does not grow with their number: payouts due
 * for a look are read together from the withdrawal list (a page of 100 holds up to 100 of them), in one pass through
 * the list that each round continues where the last stopped (ListSweep), the detail endpoint only for one a whole pass
 * did not hold, all within the follow budget. A payout that moves is read again within seconds, rising to once a
 * minute while it is quiet; one waiting for approval less often the longer it has waited, at most every two minutes.
 * So every payout followed is read again within two minutes and one pass: with 1,000 waiting at 12 requests a minute,
 * within FOLLOW_BOUND_MS wherever it sits in the list.
 */
export class WithdrawalPoller {
  private readonly tracked = new Map<string, Tracked>()
  private stopped = false
  private timer: { handle: unknown; at: number } | null = null
  private round: Promise<void> | null = null
  private readonly minDelay: number
  private readonly maxDelay: number
  private readonly waitingMax: number
  private readonly budget: FollowBudget
  private readonly clock: FollowClock
  private readonly sweep = new ListSweep()

  constructor(private readonly options: PollerOptions) {
    this.clock = options.clock ?? realFollowClock
    this.minDelay = options.minDelayMs ?? 2_000
    this.maxDelay = options.maxDelayMs ?? 60_000
    this.waitingMax = Math.max(this.maxDelay, options.waitingMaxDelayMs ?? WAITING_MAX_MS)
    this.budget = options.budget ?? new FollowBudget(undefined, () => this.clock.now())
  }

  /** Starts following a payout; a known row seeds its status so only changes are announced. */
  track(idOrRow: string | Withdrawal): void {
    if (this.stopped) return
    const row = typeof idOrRow === 'string' ? null : idOrRow
    const id = row?.id ?? (idOrRow as string)
    if (this.tracked.has(id) || isTerminal(row?.status ?? null)) return
    const now = this.clock.now()
    const t: Tracked = {
      status: row?.status ?? null,
      stale: false,
      createdAt: row ? Date.parse(row.created_at) : null,
      delay: this.minDelay,
      dueAt: now,
      at: null,
      readAt: row ? now : null,
    }
    if (row) t.dueAt = now + this.delayOf(t, now)
    this.tracked.set(id, t)
    this.wakeBy(t.dueAt)
  }

  /**
   * A row a person's read found (a list, a payout's detail): a change of one this poller follows is told now, not at
   * its next turn (up to a minute away for one quiet that long); one it does not follow is followed unless final.
   */
  noteRead(row: Withdrawal, stale = false): void {
    if (this.tracked.has(row.id)) this.apply(row, stale)
    else this.track(row)
  }

  trackedIds(): string[] {
    return [...this.tracked.keys()]
  }

  /** When the payout followed whose last read is the oldest was read (null before each was read once, or none). */
  oldestReadAt(): number | null {
    let oldest = Infinity
    for (const t of this.tracked.values()) oldest = Math.min(oldest, t.readAt ?? -Infinity)
    return Number.isFinite(oldest) ? oldest : null
  }

  /** Resolves once the round of reads under way (if any) has ended. */
  async settled(): Promise<void> {
    await this.round
  }

  stop(): void {
    this.stopped = true
    if (this.timer) this.clock.clear(this.timer.handle)
    this.timer = null
    this.tracked.clear()
    this.options.shared?.release()
  }

  /** A payout waiting for approval: a tenth of its age; one that moves: doubling from the shortest wait while quiet. */
  private delayOf(t: Tracked, now: number): number {
    if (t.status === 'pending_approval' && t.createdAt !== null)
      return Math.min(this.waitingMax, Math.max(t.delay, (now - t.createdAt) / 10))
    return t.delay
  }

  private wakeBy(dueAt: number): void {
    if (this.stopped || this.round) return
    const at = Math.max(dueAt, this.budget.nextAt())
    if (this.timer && this.timer.at <= at) return
    if (this.timer) this.clock.clear(this.timer.handle)
    const handle = this.clock.set(() => {
      this.timer = null
      this.round = this.follow().finally(() => {
        this.round = null
        this.scheduleNext()
      })
    }, at - this.clock.now())
    this.timer = { handle, at }
  }

  private scheduleNext(): void {
    let next = Infinity
    for (const t of this.tracked.values()) next = Math.min(next, t.dueAt)
    if (next < Infinity) this.wakeBy(next)
  }

  private async follow(): Promise<void> {
    const now = this.clock.now()
    const due = [...this.tracked].filter(([, t]) => t.dueAt <= now)
    if (due.length === 0) return
    const shared = this.options.shared
    if (shared && !shared.claim()) {
      // Another process follows them: its answers are in the store.
      for (const [id, t] of due) {
        const latest = shared.latest(id)
        if (latest) this.apply(latest, null)
        else this.quiet(t, now)
      }
      return
    }
    const read: Withdrawal[] = []
    try {
      await this.readDue(new Map(due), read)
    } catch {
      // A failed read (network, provider) is tried again later, a little later each time.
      for (const [id, t] of due) if (this.tracked.get(id) === t && t.dueAt <= now) this.quiet(t, now)
    }
    shared?.publish(read)
  }

  /**
   * Reads the due payouts: the pages of the list that hold them, continuing the pass (and looking at the first page in
   * turn while a new or moving payout is wanted there), and by id those a whole pass did not hold. Until the budget for
   * this round is spent; what is left is due at the next.
   */
  private async readDue(due: Map<string, Tracked>, read: Withdrawal[]): Promise<void> {
    const want = new Set(due.keys())
    while (want.size > 0 && !this.stopped) {
      // One a whole pass did not hold, or one last read stale: the detail is where the provider tries a live refresh.
      const byId = [...want].find((id) => this.sweep.missing.has(id) || this.tracked.get(id)?.stale)
      if (byId !== undefined) {
        if (!this.budget.take()) return
        want.delete(byId)
        this.sweep.missing.delete(byId)
        if (this.tracked.has(byId)) await this.readOne(byId, read)
        continue
      }
      const atHead = (id: string) => (this.tracked.get(id)?.at ?? 0) < SWEEP_PAGE
      const wanted = [...want]
      const offset = this.sweep.nextOffset(wanted.some(atHead), !wanted.every(atHead))
      if (!this.budget.take()) return
      const answer = await this.options.client.withdrawalPage({ limit: SWEEP_PAGE, offset })
      answer.rows.forEach((w, i) => {
        const t = this.tracked.get(w.id)
        if (t) {
          t.at = offset + i
          this.sweep.saw(w.id)
        }
        want.delete(w.id)
        if (this.apply(w, null)) read.push(w)
      })
      // One the first page did not hold is deeper: the pass reaches it.
      for (const id of offset === 0 ? want : []) {
        const t = this.tracked.get(id)
        if (t && t.at === null) t.at = SWEEP_PAGE
      }
      this.sweep.read(offset, answer.nextOffset, this.tracked.keys())
    }
  }

  private async readOne(id: string, read: Withdrawal[]): Promise<void> {
    try {
      const { withdrawal, stale } = await this.options.client.getWithdrawal(id)
      if (this.apply(withdrawal, stale) && !stale) read.push(withdrawal)
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'withdrawal_not_found')) throw err
      this.forget(id)
    }
  }

  /**
   * Takes a row read from the provider (or the store); true when it is one this poller follows. One not due that a page
   * held unchanged keeps its time: a look for another payout does not slow it. `stale` is null for a list row: the
   * list says nothing of a live refresh, so it neither marks a payout stale nor clears the mark.
   */
  private apply(w: Withdrawal, readStale: boolean | null): boolean {
    const t = this.tracked.get(w.id)
    if (!t || this.stopped) return false
    const now = this.clock.now()
    const previous = t.status
    const stale = readStale ?? t.stale
    t.readAt = now
    t.createdAt = Date.parse(w.created_at)
    if (w.status !== previous || stale !== t.stale) {
      t.status = w.status
      t.stale = stale
      this.options.emit({ profileId: this.options.profileId, withdrawal: w, previousStatus: previous, stale })
      if (previous !== null && w.status !== previous) {
        this.options.notify?.(
          `Payout ${STATUS_TEXT[w.status] ?? w.status}`,
          `${w.amount} ${w.asset} to ${w.destination}`,
        )
      }
      t.delay = this.minDelay
      t.dueAt = now + this.delayOf(t, now)
    } else if (t.dueAt <= now) {
      this.quiet(t, now)
    }
    if (isTerminal(w.status)) this.forget(w.id)
    return true
  }

  private forget(id: string): void {
    this.tracked.delete(id)
    this.sweep.forget(id)
  }

  private quiet(t: Tracked, now: number): void {
    t.delay = Math.min(this.maxDelay, t.delay * 2)
    t.dueAt = now + this.delayOf(t, now)
  }
}
