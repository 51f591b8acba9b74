import { TERMINAL_WITHDRAWAL_STATUSES, type Withdrawal } from '../../../shared/api/resources'
import { DEFAULT_APPROVAL_REMINDER_MINUTES } from '../../../shared/ipc/channels/settings'
import { ApiClient } from '../api/api-client'
import { Pacer, type PacerOptions } from '../api/pacer'
import { RequestSender } from '../api/request-sender'
import { AuditLog } from '../audit/audit-log'
import { BatchService } from '../batch/batch-service'
import { BatchStatusFollower } from '../batch/batch-status-follower'
import type { EventBus } from '../event-bus'
import { HistoryRunner, type HistoryRunnerDeps } from '../history/history-runner'
import { openLedger } from '../history/ledger-scope'
import { FollowBudget, type FollowClock } from '../payouts/follow-budget'
import { Outbox } from '../payouts/outbox'
import { PayoutRequests } from '../payouts/payout-requests'
import { QueuedSender } from '../payouts/queued-sender'
import { HeldExpiry } from '../policy/held-expiry'
import { profileSendGate } from '../policy/profile-send-gate'
import { WaitReminders } from '../payouts/wait-reminders'
import { WithdrawalPoller, type Notify, type PollSharing } from '../payouts/poller'
import type { Profile } from '../profiles/profile'
import { profileDir } from '../profiles/profile-dir'
import type { Signer } from '../signing'
import type { BackgroundLog } from '../shell/rotating-log'
import { alteredWithdrawals, DeskStore, importLegacyFiles, type LedgerRepo, type ProcessRole } from '../store'

export interface SessionDeps {
  dataDir: string
  /** Which kind of process this is, for the store's process table and the outbox's "who". */
  role?: ProcessRole
  /** A store the caller already opened (and closes); otherwise the session opens and closes its own. */
  store?: DeskStore
  events: EventBus
  openSigner(profile: Profile): Promise<Signer>
  notify?: Notify
  pacing?: PacerOptions
  poller?: { minDelayMs?: number; maxDelayMs?: number; waitingMaxDelayMs?: number; clock?: FollowClock }
  /** Requests a minute following payouts (single and batch rows together) may spend; tests raise it. */
  followPerMinute?: number
  /** How often batch rows' statuses are read while `followPayouts` runs; tests shorten it. */
  batchFollow?: { minDelayMs?: number; maxDelayMs?: number }
  /** Tests shorten these; the app uses the client's defaults. */
  sender?: { maxAttempts?: number; backoff?: { baseMs: number; maxMs: number } }
  history?: Omit<HistoryRunnerDeps, 'profileId' | 'store' | 'ledger' | 'client' | 'pacer' | 'emit'>
  /**
   * The outbox's clock (when an entry was recorded and sent, when a hold expires, when a wait is told); tests move it.
   */
  now?: () => Date
  /** Minutes a payout may wait for approval before `remindWaiting` tells the person (the app's setting). */
  reminderMinutes?: () => Promise<number>
  /** Where background work that fails is written (the data folder's log); nothing is written without it. */
  log?: BackgroundLog
}

/**
 * The background work a host may run on an open session. Opening a session starts none of it: each host
 * names what it means to run, so an agent's connector or a one-off CLI command never continues a person's
 * batch or follows payouts it did not ask about.
 */
export interface SessionServices {
  /** Follow accepted single payouts to their end, and batch rows' statuses a page at a time (the app). */
  followPayouts?: boolean
  /** Send single payouts that wait in the outbox once their time has come (any process may; one wins). */
  sendQueued?: boolean
  /** Look up the outcomes nobody saw (timeouts, a crash, a kill) as the profile opens. */
  resolveUnknown?: boolean
  /** Continue the batches a crash or a quit left unfinished, after unknown outcomes are looked up (the app only). */
  resumeBatches?: boolean
  /** The history ledger's background sync (the app's shells). */
  syncHistory?: boolean
  /** Expire an agent's held payouts on time, on the store's tick (the app; the connector expires them on its calls). */
  expireHeld?: boolean
  /**
   * Tell the person, once per payout, what waits on them: approvals past the threshold and held agent payouts (the
   * app).
   */
  remindWaiting?: boolean
}

/** Everything bound to the open profile: its store, signer, client, audit log, outbox and poller. */
export class TreasurySession {
  private readonly unsubscribe: Array<() => void> = []
  private started: SessionServices | null = null

  private constructor(
    readonly profile: Profile,
    readonly client: ApiClient,
    readonly audit: AuditLog,
    readonly payouts: PayoutRequests,
    readonly poller: WithdrawalPoller,
    readonly store: DeskStore,
    readonly batches: BatchService,
    private readonly batchStatuses: BatchStatusFollower,
    /** The profile's history ledger, bound to this base URL and key, and the sync that keeps it current. */
    readonly ledger: LedgerRepo,
    readonly history: HistoryRunner,
    private readonly signer: Signer,
    private readonly ownsStore: boolean,
    private readonly outbox: Outbox,
    private readonly queued: QueuedSender,
    private readonly events: EventBus,
    private readonly log: BackgroundLog,
    private readonly heldExpiry: HeldExpiry,
    /** What waits on the person, told once per payout; `remindWaiting` looks on every tick and outbox change. */
    readonly reminders: WaitReminders,
  ) {}

  static async open(profile: Profile, deps: SessionDeps): Promise<TreasurySession> {
    const dir = profileDir(deps.dataDir, profile.id)
    const signer = await deps.openSigner(profile)
    let store: DeskStore
    let ledger: LedgerRepo
    try {
      store = deps.store ?? openProfileStore(dir, deps.role ?? 'app')
    } catch (err) {
      signer.dispose()
      throw err
    }
    try {
      // A ledger another environment or key left behind is cleared here, before anything reads it.
      ledger = openLedger(store, profile.baseUrl, signer.keyId).ledger
    } catch (err) {
      if (deps.store === undefined) store.close()
      signer.dispose()
      throw err
    }
    const audit = new AuditLog(store, deps.role ?? 'app')
    // Every process on the machine that signs with this key reserves its slots in the profile's store.
    const pacer = new Pacer({ ...deps.pacing, ledger: store.pacerLedger(profile.baseUrl, signer.keyId) })
    const sender = new RequestSender({ baseUrl: profile.baseUrl, signer, audit, pacer, ...deps.sender })
    // A person waits for what the session's client does; the services that run on their own use the background's.
    const client = new ApiClient(sender, 'interactive')
    const background = client.as('background')
    const followClock = deps.poller?.clock
    const followBudget = new FollowBudget(deps.followPerMinute, followClock ? () => followClock.now() : undefined)
    const outbox = Outbox.open(store, deps.now)
    const poller = new WithdrawalPoller({
      client: background,
      budget: followBudget,
      profileId: profile.id,
      emit: (payload) => deps.events.emit('withdrawal.updated', payload),
      notify: deps.notify,
      shared: pollSharing(store),
      ...deps.poller,
    })
    // A payout this session sends is followed only where the host runs `followPayouts`.
    // Every attempt of every path passes the profile's send gate at the moment it is sent.
    const gate = profileSendGate(store, client, profile, deps.dataDir)
    const payouts = new PayoutRequests(outbox, client, (w: Withdrawal) => session.following && poller.track(w), gate)
    // Batch rows are not followed one by one: hundreds of status reads (and notifications) would eat the
    // key's request budget the batch itself needs. Their statuses are read a page of 100 at a time.
    // Each accepted row still goes out once (not followed), so the payout lists show it at once.
    const announce = (w: Withdrawal) =>
      deps.events.emit('withdrawal.updated', {
        profileId: profile.id,
        withdrawal: w,
        previousStatus: null,
        stale: false,
      })
    const batches = new BatchService(store, new PayoutRequests(outbox, client, announce, gate), client)
    const batchStatuses = new BatchStatusFollower({
      client: background,
      budget: followBudget,
      store,
      pacer: sender.pacer,
      profileId: profile.id,
      emit: (payload) => deps.events.emit('withdrawal.updated', payload),
      ...deps.batchFollow,
    })
    const history = new HistoryRunner({
      ...deps.history,
      profileId: profile.id,
      store,
      ledger,
      client: background,
      pacer: sender.pacer,
      emit: (status) => deps.events.emit('history.progress', status),
    })
    const queued = new QueuedSender(outbox, payouts)
    const reminders = new WaitReminders({
      store,
      profileId: profile.id,
      thresholdMinutes: deps.reminderMinutes ?? (async () => DEFAULT_APPROVAL_REMINDER_MINUTES),
      now: deps.now ?? (() => new Date()),
      emit: (payload) => deps.events.emit('payouts.waiting', payload),
      notify: deps.notify,
    })
    const session = new TreasurySession(
      profile,
      client,
      audit,
      payouts,
      poller,
      store,
      batches,
      batchStatuses,
      ledger,
      history,
      signer,
      deps.store === undefined,
      outbox,
      queued,
      deps.events,
      deps.log ?? { error: () => undefined },
      new HeldExpiry(store, deps.role ?? 'app', deps.now),
      reminders,
    )
    session.unsubscribe.push(
      sender.pacer.onChange((s) => deps.events.emit('pacing.changed', { remaining: s.remaining, limit: s.limit })),
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
      this.batchStatuses.wake()
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
      // whether or not the payout's status moved.
      let altered = -1
      this.unsubscribe.push(
        this.store.onTick(() => {
          try {
            const now = this.store.read(
              'read the altered payouts',
              () => this.store.repo(alteredWithdrawals).open().length,
            )
            if (now !== altered && altered !== -1) this.events.emit('alterations.changed', { profileId })
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
      this.unsubscribe.push(this.store.onTick(() => void this.queued.tick().catch(logged('sending queued payouts'))))
    if (services.expireHeld) {
      // An agent's held payout expires on time even when nobody looks at it; the held list, a release and the
      // connector run the same expiry and report a store error there.
      this.unsubscribe.push(
        this.store.onTick(() => {
          try {
            this.heldExpiry.expireDue()
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
    await this.reminders.stop()
    await this.batches.stop()
    await this.batchStatuses.stop()
    for (const u of this.unsubscribe) u()
    this.poller.stop()
    await this.history.stop()
    await this.sender.close()
    if (this.ownsStore) this.store.close()
    this.signer.dispose()
  }
}

/** The profile's store, with the files of the JSON-lines versions moved into it on first open. */
export function openProfileStore(dir: string, role: ProcessRole): DeskStore {
  const store = DeskStore.open(dir, role)
  try {
    importLegacyFiles(store, dir)
  } catch (err) {
    store.close()
    throw err
  }
  return store
}

function isFinal(status: string | undefined): boolean {
  return status !== undefined && (TERMINAL_WITHDRAWAL_STATUSES as readonly string[]).includes(status)
}

function pollSharing(store: DeskStore): PollSharing {
  // One process on the profile follows payouts at a time; the others show what it stores.
  const resource = 'follow-payouts'
  const quietly = <T>(fallback: T, work: () => T): T => {
    try {
      return work()
    } catch {
      return fallback
    }
  }
  return {
    // A store that cannot be written is no reason to stop following payouts: follow them ourselves.
    claim: () => quietly(true, () => store.leases.tryTake(resource)),
    release: () => quietly(undefined, () => store.leases.release(resource)),
    publish: (ws) =>
      quietly(undefined, () =>
        ws.length > 0
          ? store.transaction('keep the payout statuses', () => ws.forEach((w) => store.withdrawals.put(w)))
          : undefined,
      ),
    latest: (id) => quietly(null, () => store.withdrawals.get(id)?.withdrawal ?? null),
  }
}
