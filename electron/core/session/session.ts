import type { ApiClient } from '../api/api-client'
import type { RequestSender } from '../api/request-sender'
import type { AuditLog } from '../audit/use-cases'
import type { BatchService } from '../batch/batch-service'
import type { HistoryRunner } from '../history/history-runner'
import { openNotifier, type Notifier } from '../notify/use-cases'
import type { PayoutRequests } from '../payouts/payout-requests'
import type { WithdrawalPoller } from '../payouts/poller'
import type { WaitReminders } from '../payouts/wait-reminders'
import type { Profile } from '../profiles/profile'
import type { DeskStore, LedgerRepo } from '../store'
import { buildSessionParts, type SessionParts } from './session-parts'
import type { SessionDeps, SessionServices } from './session-options'

/** Everything bound to the open profile: its store, signer, client, audit log, and the features' modules. */
export class ProfileSession {
  readonly profile: Profile
  readonly client: ApiClient
  readonly audit: AuditLog
  readonly payouts: PayoutRequests
  readonly store: DeskStore
  readonly batches: BatchService
  readonly ledger: LedgerRepo
  private readonly unsubscribe: Array<() => void> = []
  private started = false
  private notifier: Notifier | null = null

  private constructor(private readonly parts: SessionParts) {
    this.profile = parts.profile
    this.client = parts.client
    this.audit = parts.audit
    this.store = parts.store
    this.payouts = parts.payouts.payouts
    this.batches = parts.batch.batches
    this.ledger = parts.history.ledger
  }

  /** Follows single payouts to their end; built on first use. */
  get poller(): WithdrawalPoller {
    return this.parts.payouts.poller()
  }

  /** The sync that keeps the history ledger current; built on first use (a sync command, the app's background). */
  get history(): HistoryRunner {
    return this.parts.history.runner()
  }

  /** What waits on the person, told once per payout; `remindWaiting` looks on every tick and outbox change. */
  get reminders(): WaitReminders {
    return this.parts.payouts.reminders()
  }

  get sender(): RequestSender {
    return this.client.sender
  }

  /** Opens the profile's store, signer and client; the background parts are built when first asked for. */
  static async open(profile: Profile, deps: SessionDeps): Promise<ProfileSession> {
    const parts = await buildSessionParts(profile, deps)
    const session = new ProfileSession(parts)
    session.notifier = openNotifier({ ...parts, outbox: parts.payouts.outbox }, deps)
    session.unsubscribe.push(
      parts.client.sender.pacer.onChange((s) =>
        deps.events.emit('pacing.changed', { remaining: s.remaining, limit: s.limit }),
      ),
    )
    return session
  }

  /** Starts the background work the host names, each service in the feature that owns it; once per session. */
  start(services: SessionServices): void {
    if (this.started) throw new Error('this session was started already')
    this.started = true
    const { payouts, batch, policy, history, log } = this.parts
    payouts.start(services)
    batch.start(services)
    policy.start(services)
    // Outcomes nobody saw are looked up first; then the batches a crash or a quit left unfinished continue.
    if (services.resolveUnknown || services.resumeBatches) {
      void (services.resolveUnknown ? payouts.resolveUnknown() : Promise.resolve())
        .then(() => {
          if (services.resumeBatches) batch.resume()
        })
        // A store that fails here fails again on the user's next action, which reports it; the log keeps the first.
        .catch((err) => log.error(`${this.profile.id}: resuming unfinished batches failed`, err))
    }
    history.start(services)
  }

  async close(): Promise<void> {
    await this.notifier?.close()
    const { payouts, batch, policy, history, signer } = this.parts
    await batch.stop()
    await payouts.stop()
    policy.stop()
    for (const u of this.unsubscribe) u()
    await history.stop()
    await this.sender.close()
    if (this.parts.ownsStore) this.store.close()
    signer.dispose()
  }
}
