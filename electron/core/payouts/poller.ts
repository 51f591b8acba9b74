import { LIMITS } from '../../../shared/api/limits'
import { TERMINAL_WITHDRAWAL_STATUSES, type Withdrawal } from '../../../shared/api/resources'
import type { EventPayload } from '../../../shared/ipc/events'
import type { ApiClient } from '../api/api-client'
import { ApiError } from '../api/errors'
import { FollowBudget, realFollowClock, type FollowClock } from './follow-budget'

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
  /** Longest wait before a payout waiting for approval is read again: a tenth of its age until then. */
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
  walletId: string | null
  createdAt: number | null
  delay: number
  dueAt: number
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

/**
 * Rows a page of the list holds; pages read per wallet in one round before the rest are read one by one, unless more
 * than a few are left (a page costs what one detail read does).
 */
const PAGE = 100
const PAGES_PER_ROUND = 3
const ONE_BY_ONE_AT_MOST = 5

function isTerminal(status: string | null): boolean {
  return status !== null && (TERMINAL_WITHDRAWAL_STATUSES as readonly string[]).includes(status)
}

/**
 * Follows every non-terminal payout of the open profile at a cost that does not grow with their number: payouts due
 * for a look are read together from the withdrawal list (a page of 100 per wallet), the detail endpoint only for one
 * the first pages do not hold, all within the follow budget. A payout that moves is read again within seconds, rising
 * to once a minute while it is quiet; one waiting for approval less often the longer it has waited.
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

  constructor(private readonly options: PollerOptions) {
    this.clock = options.clock ?? realFollowClock
    this.minDelay = options.minDelayMs ?? 2_000
    this.maxDelay = options.maxDelayMs ?? 60_000
    this.waitingMax = Math.max(this.maxDelay, options.waitingMaxDelayMs ?? 600_000)
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
      walletId: row?.wallet_id ?? null,
      createdAt: row ? Date.parse(row.created_at) : null,
      delay: this.minDelay,
      dueAt: now,
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
        if (latest) this.apply(latest, false)
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

  /** Reads the due payouts: the list for every wallet first, then one by one those its first pages did not hold. */
  private async readDue(due: Map<string, Tracked>, read: Withdrawal[]): Promise<void> {
    const byWallet = new Map<string | null, Set<string>>()
    for (const [id, t] of due) byWallet.set(t.walletId, (byWallet.get(t.walletId) ?? new Set()).add(id))
    const unseen: string[] = []
    for (const [walletId, ids] of byWallet) {
      let offset = 0
      for (
        let page = 0;
        ids.size > 0 && (page < PAGES_PER_ROUND || ids.size > ONE_BY_ONE_AT_MOST) && !this.stopped;
        page++
      ) {
        if (!this.budget.take()) return
        const answer = await this.options.client.withdrawalPage({
          wallet_id: walletId ?? undefined,
          limit: PAGE,
          offset,
        })
        for (const w of answer.rows) {
          ids.delete(w.id)
          if (this.apply(w, false)) read.push(w)
        }
        if (answer.nextOffset === null || answer.nextOffset <= offset || answer.nextOffset > LIMITS.offsetMax) break
        offset = answer.nextOffset
      }
      unseen.push(...ids)
    }
    for (const id of unseen) {
      if (this.stopped || !this.tracked.has(id) || !this.budget.take()) return
      await this.readOne(id, read)
    }
  }

  private async readOne(id: string, read: Withdrawal[]): Promise<void> {
    try {
      const { withdrawal, stale } = await this.options.client.getWithdrawal(id)
      if (this.apply(withdrawal, stale) && !stale) read.push(withdrawal)
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'withdrawal_not_found')) throw err
      this.tracked.delete(id)
    }
  }

  /**
   * Takes a row read from the provider (or the store); true when it is one this poller follows. One not due that a page
   * held unchanged keeps its time: a look for another payout does not slow it.
   */
  private apply(w: Withdrawal, stale: boolean): boolean {
    const t = this.tracked.get(w.id)
    if (!t || this.stopped) return false
    const now = this.clock.now()
    const previous = t.status
    t.walletId = w.wallet_id
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
    if (isTerminal(w.status)) this.tracked.delete(w.id)
    return true
  }

  private quiet(t: Tracked, now: number): void {
    t.delay = Math.min(this.maxDelay, t.delay * 2)
    t.dueAt = now + this.delayOf(t, now)
  }
}
