import { TERMINAL_WITHDRAWAL_STATUSES, type Withdrawal } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import type { RequestSender } from '../api/request-sender'
import type { AuditLog } from '../audit/audit-log'
import type { BatchService } from '../batch/batch-service'
import type { EventBus } from '../event-bus'
import type { HistoryRunner } from '../history/history-runner'
import { openNotifier, type Notifier } from '../notify/use-cases'
import type { Outbox } from '../payouts/outbox'
import type { PayoutRequests } from '../payouts/payout-requests'
import type { WithdrawalPoller } from '../payouts/poller'
import type { WaitReminders } from '../payouts/wait-reminders'
import type { Profile } from '../profiles/profile'
import type { BackgroundLog } from '../shell/rotating-log'
import { alteredWithdrawals, type DeskStore, type LedgerRepo } from '../store'
import { buildSessionParts, type LazyParts, type SessionParts } from './session-parts'
import type { SessionDeps, SessionServices } from './session-options'

/** Everything bound to the open profile: its store, signer, client, audit log, outbox and, when asked, its poller. */
export class ProfileSession {
  readonly profile: Profile
  readonly client: ApiClient
  readonly audit: AuditLog
  readonly payouts: PayoutRequests
  readonly store: DeskStore
  readonly batches: BatchService
  readonly ledger: LedgerRepo
  private readonly unsubscribe: Array<() => void> = []
  private started: SessionServices | null = null
  private readonly built: { [K in keyof LazyParts]?: ReturnType<LazyParts[K]> } = {}
  private notifier: Notifier | null = null

  private constructor(private readonly parts: SessionParts) {
    ;({
      profile: this.profile,
      client: this.client,
      audit: this.audit,
      payouts: this.payouts,
      store: this.store,
      batches: this.batches,
      ledger: this.ledger,
    } = parts)
  }

  private part<K extends keyof LazyParts>(name: K): ReturnType<LazyParts[K]> {
    const built = this.built as Record<K, ReturnType<LazyParts[K]> | undefined>
    return (built[name] ??= this.parts.make[name]() as ReturnType<LazyParts[K]>)
  }

  /** Follows single payouts to their end; built on first use. */
  get poller(): WithdrawalPoller {
    return this.part('poller')
  }

  /** The sync that keeps the history ledger current; built on first use (a sync command, the app's background). */
  get history(): HistoryRunner {
    return this.part('history')
  }

  /** What waits on the person, told once per payout; `remindWaiting` looks on every tick and outbox change. */
  get reminders(): WaitReminders {
    return this.part('reminders')
  }

  private get outbox(): Outbox {
    return this.parts.outbox
  }

  private get events(): EventBus {
    return this.parts.events
  }

  private get log(): BackgroundLog {
    return this.parts.log
  }

  /** Opens the profile's store, signer and client; the background parts are built when first asked for. */
  static async open(profile: Profile, deps: SessionDeps): Promise<ProfileSession> {
    let session: ProfileSession | null = null
    // A payout this session sends is followed only where the host runs `followPayouts`.
    const follow = (w: Withdrawal) => session !== null && session.following && session.poller.track(w)
    const parts = await buildSessionParts(profile, deps, follow)
    session = new ProfileSession(parts)
    session.notifier = openNotifier(parts, deps)
    const { pacer } = parts.client.sender
    session.unsubscribe.push(
      pacer.onChange((s) => deps.events.emit('pacing.changed', { remaining: s.remaining, limit: s.limit })),
    )
    return session
  }

  private get following(): boolean {
    return this.started?.followPayouts === true
  }

  /** Starts the background work the host names; once per session. */
  start(services: SessionServices): void {
    if (this.started) throw new Error('this session was started already')
    this.started = services
    // What the host starts is built now, so a part that cannot be built fails the opening, not a later tick.
    if (services.followPayouts) {
      this.part('poller')
      this.part('batchStatuses')
    }
    if (services.sendQueued) this.part('queued')
    if (services.expireHeld) this.part('heldExpiry')
    if (services.remindWaiting) this.part('reminders')
    const profileId = this.profile.id
    // Each accepted payout is followed once per session; a finished one is not read again on every change.
    const followed = new Set<string>()
    const trackAccepted = () => {
      if (!services.followPayouts) return
      for (const { withdrawalId } of this.outbox.acceptedSingles()) {
        if (!withdrawalId || followed.has(withdrawalId)) continue
        followed.add(withdrawalId)
        // One the store saw end is not read again: a profile's finished payouts would spend the follow budget.
        if (
          isFinal(
            this.store.read(
              'read the payout statuses',
              () => this.store.withdrawals.get(withdrawalId)?.withdrawal.status,
            ),
          )
        )
          continue
        this.poller.track(withdrawalId)
      }
      this.part('batchStatuses').wake()
    }
    this.unsubscribe.push(
      this.outbox.onChange(() => {
        // Another process (the connector, the CLI) may have added or resolved a payout.
        trackAccepted()
        this.events.emit('outbox.changed', { profileId })
      }),
    )
    const logged = (what: string) => (err: unknown) => this.log.error(`${this.profile.id}: ${what} failed`, err)
    if (services.followPayouts) {
      // A payout another process (the CLI, the connector) wrote to the cache reaches the lists as this process's own
      // do.
      const announce = (withdrawal: Withdrawal) =>
        this.events.emit('withdrawal.updated', { profileId, withdrawal, previousStatus: null, stale: false })
      this.unsubscribe.push(this.store.onOthersWithdrawals((ws) => ws.forEach(announce)))
    }
    if (services.followPayouts) {
      // An alteration is noted wherever a withdrawal is read (any process); the screens hear of it on the next tick,
      // whether or not the payout's status moved. Counted from none: one noted before the first tick (a list read as
      // the session opens) is announced too.
      let altered = 0
      this.unsubscribe.push(
        this.store.onTick(() => {
          try {
            const now = this.store.read(
              'read the altered payouts',
              () => this.store.repo(alteredWithdrawals).open().length,
            )
            if (now !== altered) this.events.emit('alterations.changed', { profileId })
            altered = now
          } catch (err) {
            logged('reading the altered payouts')(err)
          }
        }),
      )
    }
    if (services.remindWaiting) {
      const told = logged('telling what waits on the person')
      const look = () => void this.reminders.check().catch(told)
      this.unsubscribe.push(
        this.store.onTick(look),
        this.outbox.onChange(() => void this.reminders.checkHeld().catch(told)),
      )
      look()
    }
    if (services.sendQueued)
      this.unsubscribe.push(
        this.store.onTick(() => void this.part('queued').tick().catch(logged('sending queued payouts'))),
      )
    if (services.expireHeld) {
      // An agent's held payout expires on time even when nobody looks at it; the held list, a release and the
      // connector run the same expiry and report a store error there.
      this.unsubscribe.push(
        this.store.onTick(() => {
          try {
            this.part('heldExpiry').expireDue()
          } catch (err) {
            logged('expiring held payouts')(err)
          }
        }),
      )
    }
    trackAccepted()
    // Outcomes nobody saw are looked up first; then the batches a crash or a quit left unfinished continue.
    if (services.resolveUnknown || services.resumeBatches) {
      void (services.resolveUnknown ? this.payouts.resolveUnknown() : Promise.resolve())
        .catch(logged('looking up unknown outcomes'))
        .then(() => {
          if (services.resumeBatches) this.batches.resumeUnfinished()
        })
        // A store that fails here fails again on the user's next action, which reports it; the log keeps the first.
        .catch(logged('resuming unfinished batches'))
    }
    if (services.syncHistory) this.history.start()
  }

  get sender(): RequestSender {
    return this.client.sender
  }

  async close(): Promise<void> {
    await this.notifier?.close()
    const built = this.built
    await built.reminders?.stop()
    await this.batches.stop()
    await built.batchStatuses?.stop()
    for (const u of this.unsubscribe) u()
    built.poller?.stop()
    await built.history?.stop()
    await this.sender.close()
    if (this.parts.ownsStore) this.store.close()
    this.parts.signer.dispose()
  }
}

function isFinal(status: string | undefined): boolean {
  return status !== undefined && (TERMINAL_WITHDRAWAL_STATUSES as readonly string[]).includes(status)
}
