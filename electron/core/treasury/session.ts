import { join } from 'node:path'
import type { Withdrawal } from '../../../shared/api/resources'
import { ApiClient } from '../api/api-client'
import type { PacerOptions } from '../api/pacer'
import { RequestSender } from '../api/request-sender'
import { AuditLog } from '../audit/audit-log'
import type { EventBus } from '../event-bus'
import { Outbox } from '../payouts/outbox'
import { PayoutRequests } from '../payouts/payout-requests'
import { WithdrawalPoller, type Notify } from '../payouts/poller'
import type { Profile } from '../profiles/profile'
import { profileDir } from '../profiles/profile-dir'
import type { Signer } from '../signing'

export interface SessionDeps {
  dataDir: string
  events: EventBus
  openSigner(profile: Profile): Promise<Signer>
  notify?: Notify
  pacing?: PacerOptions
  poller?: { minDelayMs?: number; maxDelayMs?: number }
  /** Tests shorten these; the app uses the client's defaults. */
  sender?: { maxAttempts?: number; backoff?: { baseMs: number; maxMs: number } }
}

/** Everything bound to the open profile: its signer, client, audit log, outbox and poller. */
export class TreasurySession {
  private readonly unsubscribe: Array<() => void> = []

  private constructor(
    readonly profile: Profile,
    readonly client: ApiClient,
    readonly audit: AuditLog,
    readonly payouts: PayoutRequests,
    readonly poller: WithdrawalPoller,
    private readonly signer: Signer,
  ) {}

  static async open(profile: Profile, deps: SessionDeps): Promise<TreasurySession> {
    const dir = profileDir(deps.dataDir, profile.id)
    const signer = await deps.openSigner(profile)
    const audit = new AuditLog(join(dir, 'audit.jsonl'))
    const sender = new RequestSender({ baseUrl: profile.baseUrl, signer, audit, pacing: deps.pacing, ...deps.sender })
    const client = new ApiClient(sender)
    let outbox: Outbox
    try {
      outbox = await Outbox.open(join(dir, 'outbox.jsonl'))
    } catch (err) {
      signer.dispose()
      await sender.close()
      throw err
    }
    const poller = new WithdrawalPoller({
      client,
      profileId: profile.id,
      emit: (payload) => deps.events.emit('withdrawal.updated', payload),
      notify: deps.notify,
      ...deps.poller,
    })
    const payouts = new PayoutRequests(outbox, client, (w: Withdrawal) => poller.track(w))
    const session = new TreasurySession(profile, client, audit, payouts, poller, signer)
    session.unsubscribe.push(
      outbox.onChange(() => deps.events.emit('outbox.changed', { profileId: profile.id })),
      sender.pacer.onChange((s) => deps.events.emit('pacing.changed', { remaining: s.remaining, limit: s.limit })),
    )
    for (const entry of outbox.list()) if (entry.state === 'accepted' && entry.withdrawalId) poller.track(entry.withdrawalId)
    // Outcomes nobody saw (timeouts, a crash, a kill) are looked up as soon as the profile opens.
    void payouts.resolveUnknown().catch(() => undefined)
    return session
  }

  get sender(): RequestSender {
    return this.client.sender
  }

  async close(): Promise<void> {
    for (const u of this.unsubscribe) u()
    this.poller.stop()
    await this.payouts.outbox.close()
    await this.audit.flush()
    await this.sender.close()
    this.signer.dispose()
  }
}
