import { TERMINAL_WITHDRAWAL_STATUSES, type Withdrawal } from '../../../shared/api/resources'
import type { EventPayload } from '../../../shared/ipc/events'
import type { ApiClient } from '../api/api-client'
import { ApiError } from '../api/errors'

export type Notify = (title: string, body: string) => void

export interface PollerOptions {
  client: Pick<ApiClient, 'getWithdrawal'>
  profileId: string
  emit: (payload: EventPayload<'withdrawal.updated'>) => void
  /** Desktop notification hook; the Electron shell injects it. */
  notify?: Notify
  minDelayMs?: number
  maxDelayMs?: number
  /** Several processes on one profile: one polls a withdrawal, the others read its answer from the store. */
  shared?: PollSharing
}

export interface PollSharing {
  /** True when this process may poll the withdrawal now (no other live process does). */
  claim(id: string): boolean
  release(id: string): void
  publish(withdrawal: Withdrawal): void
  latest(id: string): Withdrawal | null
}

interface Tracked {
  status: string | null
  stale: boolean
  delay: number
  timer: NodeJS.Timeout | null
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

function isTerminal(status: string | null): boolean {
  return status !== null && (TERMINAL_WITHDRAWAL_STATUSES as readonly string[]).includes(status)
}

/**
 * Refreshes every non-terminal payout of the open profile through GET /withdrawals/{id} (the truth),
 * from every few seconds while it moves to once a minute while it waits.
 */
export class WithdrawalPoller {
  private readonly tracked = new Map<string, Tracked>()
  private stopped = false
  private readonly minDelay: number
  private readonly maxDelay: number

  constructor(private readonly options: PollerOptions) {
    this.minDelay = options.minDelayMs ?? 2_000
    this.maxDelay = options.maxDelayMs ?? 60_000
  }

  /** Starts following a payout; a known row seeds its status so only changes are announced. */
  track(idOrRow: string | Withdrawal): void {
    if (this.stopped) return
    const id = typeof idOrRow === 'string' ? idOrRow : idOrRow.id
    const status = typeof idOrRow === 'string' ? null : idOrRow.status
    const existing = this.tracked.get(id)
    if (existing) return
    if (isTerminal(status)) return
    const t: Tracked = { status, stale: false, delay: this.minDelay, timer: null }
    this.tracked.set(id, t)
    this.schedule(id, t, status === null ? 0 : this.minDelay)
  }

  trackedIds(): string[] {
    return [...this.tracked.keys()]
  }

  stop(): void {
    this.stopped = true
    for (const [id, t] of this.tracked) {
      if (t.timer) clearTimeout(t.timer)
      this.options.shared?.release(id)
    }
    this.tracked.clear()
  }

  private schedule(id: string, t: Tracked, delay: number): void {
    t.timer = setTimeout(() => void this.refresh(id, t), delay)
    t.timer.unref?.()
  }

  private async refresh(id: string, t: Tracked): Promise<void> {
    t.timer = null
    let result: { withdrawal: Withdrawal; stale: boolean }
    try {
      result = await this.read(id)
    } catch (err) {
      if (this.stopped || this.tracked.get(id) !== t) return
      if (err instanceof ApiError && err.code === 'withdrawal_not_found') {
        this.tracked.delete(id)
        return
      }
      t.delay = Math.min(this.maxDelay, t.delay * 2)
      this.schedule(id, t, t.delay)
      return
    }
    if (this.stopped || this.tracked.get(id) !== t) return
    const { withdrawal, stale } = result
    const previous = t.status
    if (withdrawal.status !== previous || stale !== t.stale) {
      t.status = withdrawal.status
      t.stale = stale
      this.options.emit({ profileId: this.options.profileId, withdrawal, previousStatus: previous, stale })
      if (previous !== null && withdrawal.status !== previous) {
        this.options.notify?.(`Payout ${STATUS_TEXT[withdrawal.status] ?? withdrawal.status}`, `${withdrawal.amount} ${withdrawal.asset} to ${withdrawal.destination}`)
      }
      t.delay = this.minDelay
    } else {
      t.delay = Math.min(this.maxDelay, t.delay * 2)
    }
    if (isTerminal(withdrawal.status)) {
      this.tracked.delete(id)
      this.options.shared?.release(id)
      return
    }
    this.schedule(id, t, t.delay)
  }

  /** From the provider when this process holds the poll, else the answer the polling process stored. */
  private async read(id: string): Promise<{ withdrawal: Withdrawal; stale: boolean }> {
    const shared = this.options.shared
    if (shared && !shared.claim(id)) {
      const latest = shared.latest(id)
      if (latest) return { withdrawal: latest, stale: false }
      throw new Error('another process polls this withdrawal and has not stored an answer yet')
    }
    const result = await this.options.client.getWithdrawal(id)
    if (!result.stale) shared?.publish(result.withdrawal)
    return result
  }
}
