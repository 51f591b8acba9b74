import { ageText } from '../../../shared/format/age'
import type { EventPayload } from '../../../shared/ipc/events'
import { waitNoticeRepo, type DeskStore, type WaitingPayout, type WaitKind } from '../store'
import type { Notify } from './poller'

export interface WaitRemindersDeps {
  store: DeskStore
  profileId: string
  /** The person's threshold (an app setting), read on every look so a change applies at once. */
  thresholdMinutes: () => Promise<number>
  now: () => Date
  emit: (payload: EventPayload<'payouts.waiting'>) => void
  /** The system notification; the Electron shell injects it (the renderer's own is denied there). */
  notify?: Notify
}

/**
 * Tells the person what waits on them, once per payout across restarts, windows and processes: a payout the poller's
 * cache shows waiting for approval longer than the threshold, and an agent's payout the policy held (at once). It reads
 * only the store, never the provider: the cache is what the poller and the lists already read.
 */
export class WaitReminders {
  private looking: Promise<void> | null = null
  private again = false
  private stopped = false
  /**
   * Only copies read while this session runs count: one left from before a restart may have been approved meanwhile,
   * and the poller reads every payout it follows again as the session starts. Real time, as the cache's read times are.
   */
  private readonly readSince = new Date().toISOString()

  constructor(private readonly deps: WaitRemindersDeps) {}

  /**
   * Looks now; a call during a look runs one more look after it, so a payout held meanwhile is not missed. Every look
   * runs inside the promise the callers hold, so each failure reaches a caller's handler.
   */
  check(): Promise<void> {
    return this.start(true)
  }

  /**
   * Looks for held payouts only: what an outbox change can bring (the approvals come from the payouts' cache, looked at
   * every heartbeat). It reads no setting, so a batch's thousands of outbox changes cost one indexed read each.
   */
  checkHeld(): Promise<void> {
    return this.start(false)
  }

  private start(approvals: boolean): Promise<void> {
    if (this.looking) {
      this.again = true
      return this.looking
    }
    this.looking = this.lookUntilCaughtUp(approvals).finally(() => {
      this.looking = null
    })
    return this.looking
  }

  /** No look starts after this; the one running is waited for, so the store can close under none. */
  async stop(): Promise<void> {
    this.stopped = true
    await this.looking?.catch(() => undefined)
  }

  /** A look asked for during a look is a whole one. */
  private async lookUntilCaughtUp(approvals: boolean): Promise<void> {
    let whole = approvals
    do {
      this.again = false
      if (this.stopped) return
      await this.look(whole)
      whole = true
    } while (this.again)
  }

  private async look(whole: boolean): Promise<void> {
    const { store } = this.deps
    const repo = store.repo(waitNoticeRepo)
    if (!whole) {
      const untold = store.read('read the held payouts', () => repo.heldUntold())
      if (untold.length === 0) return
    }
    const minutes = await this.deps.thresholdMinutes()
    const now = this.deps.now()
    const at = now.toISOString()
    const cutoff = new Date(now.getTime() - minutes * 60_000).toISOString()
    // Claimed and told in one step each: two windows or processes looking together tell each payout once (a claim
    // marks only what nobody marked, so the read may come first). Asked on every outbox change, a look that finds
    // nothing takes no write lock.
    const due = store.read('read the payouts waiting for approval', () => repo.approvalsDue(cutoff, this.readSince))
    const untold = store.read('read the held payouts', () => repo.heldUntold())
    const approvals =
      due.length === 0
        ? []
        : store.transaction('remember the payouts reminded of', () => repo.claim('approval', due, at))
    const held =
      untold.length === 0
        ? []
        : store.transaction('remember the held payouts told', () => repo.claim('held', untold, at))
    if (approvals.length > 0) this.tell('approval', approvals, minutes, now)
    if (held.length > 0) this.tell('held', held, minutes, now)
  }

  private tell(kind: WaitKind, payouts: WaitingPayout[], thresholdMinutes: number, now: Date): void {
    this.deps.emit({ profileId: this.deps.profileId, kind, payouts, thresholdMinutes, at: now.toISOString() })
    this.deps.notify?.(
      kind === 'approval' ? 'Waiting for approval' : 'Held for you',
      systemText(kind, payouts, thresholdMinutes, now),
    )
  }
}

function systemText(kind: WaitKind, payouts: WaitingPayout[], thresholdMinutes: number, now: Date): string {
  const [first] = payouts
  if (kind === 'held') {
    return payouts.length > 1
      ? `${payouts.length} agent payouts are held for you: release or reject them.`
      : `The agent's payout of ${first!.amount} ${first!.asset} is held for you: release or reject it.`
  }
  if (payouts.length > 1)
    return (
      `${payouts.length} payouts have waited more than ${ageText(thresholdMinutes * 60_000)} for approval ` +
      `in the console.`
    )
  return (
    `Payout of ${first!.amount} ${first!.asset} has waited ` +
    `${ageText(now.getTime() - Date.parse(first!.createdAt))} for approval in the console.`
  )
}
