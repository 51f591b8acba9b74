import type { Withdrawal } from '../../../shared/api/resources'
import { DEFAULT_APPROVAL_REMINDER_MINUTES } from '../../../shared/ipc/channels/settings'
import { ApiClient } from '../api/api-client'
import { Pacer } from '../api/pacer'
import { RequestSender } from '../api/request-sender'
import { AuditLog } from '../audit/audit-log'
import { BatchService } from '../batch/batch-service'
import { BatchStatusFollower } from '../batch/batch-status-follower'
import type { EventBus } from '../event-bus'
import type { EventPayload } from '../../../shared/ipc/events'
import { HistoryRunner } from '../history/history-runner'
import { openLedger } from '../history/ledger-scope'
import { FollowBudget } from '../payouts/follow-budget'
import { Outbox } from '../payouts/outbox'
import { PayoutRequests } from '../payouts/payout-requests'
import { QueuedSender } from '../payouts/queued-sender'
import { HeldExpiry } from '../policy/held-expiry'
import { profileSendGate } from '../policy/profile-send-gate'
import { WaitReminders } from '../payouts/wait-reminders'
import { WithdrawalPoller, type PollSharing } from '../payouts/poller'
import type { Profile } from '../profiles/profile'
import { profileDir } from '../profiles/profile-dir'
import type { Signer } from '../signing'
import type { BackgroundLog } from '../shell/rotating-log'
import type { DeskStore, LedgerRepo } from '../store'
import { openProfileStore } from './profile-store'
import type { SessionDeps } from './session-options'

/** What a session builds only when something asks for it: a one-off command never builds the background work. */
export interface LazyParts {
  poller(): WithdrawalPoller
  batchStatuses(): BatchStatusFollower
  history(): HistoryRunner
  queued(): QueuedSender
  reminders(): WaitReminders
  heldExpiry(): HeldExpiry
}

/** What `open` hands the session it built; named, so no two parts can swap places. */
export interface SessionParts {
  profile: Profile
  client: ApiClient
  audit: AuditLog
  payouts: PayoutRequests
  store: DeskStore
  batches: BatchService
  /** The profile's history ledger, bound to this base URL and key. */
  ledger: LedgerRepo
  signer: Signer
  ownsStore: boolean
  outbox: Outbox
  events: EventBus
  log: BackgroundLog
  make: LazyParts
}

/** Builds what a session holds; what only background work needs is made on first use (see LazyParts). */
export async function buildSessionParts(
  profile: Profile,
  deps: SessionDeps,
  follow: (w: Withdrawal) => void,
): Promise<SessionParts> {
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
  const audit = new AuditLog(store, deps.actor ?? deps.role ?? 'app')
  // Every process on the machine that signs with this key reserves its slots in the profile's store.
  const pacer = new Pacer({ ...deps.pacing, ledger: store.pacerLedger(profile.baseUrl, signer.keyId) })
  const sender = new RequestSender({ baseUrl: profile.baseUrl, signer, audit, pacer, ...deps.sender })
  // A person waits for what the session's client does; the services that run on their own use the background's.
  const client = new ApiClient(sender, 'interactive')
  const background = client.as('background')
  const followClock = deps.poller?.clock
  const followBudget = new FollowBudget(deps.followPerMinute, followClock ? () => followClock.now() : undefined)
  const outbox = Outbox.open(store, deps.now)
  // A payout this session sends is followed only where the host runs `followPayouts`.
  // Every attempt of every path passes the profile's send gate at the moment it is sent.
  const gate = profileSendGate(store, client, profile, deps.dataDir)
  const payouts = new PayoutRequests(outbox, client, follow, gate)
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
  const emitUpdated = (payload: EventPayload<'withdrawal.updated'>) => deps.events.emit('withdrawal.updated', payload)
  const make: LazyParts = {
    poller: () =>
      new WithdrawalPoller({
        client: background,
        budget: followBudget,
        profileId: profile.id,
        emit: emitUpdated,
        notify: deps.notify,
        shared: pollSharing(store),
        ...deps.poller,
      }),
    batchStatuses: () =>
      new BatchStatusFollower({
        client: background,
        budget: followBudget,
        store,
        pacer: sender.pacer,
        profileId: profile.id,
        emit: emitUpdated,
        ...deps.batchFollow,
      }),
    history: () =>
      new HistoryRunner({
        ...deps.history,
        profileId: profile.id,
        store,
        ledger,
        client: background,
        pacer: sender.pacer,
        emit: (status) => deps.events.emit('history.progress', status),
      }),
    queued: () => new QueuedSender(outbox, payouts),
    reminders: () =>
      new WaitReminders({
        store,
        profileId: profile.id,
        thresholdMinutes: deps.reminderMinutes ?? (async () => DEFAULT_APPROVAL_REMINDER_MINUTES),
        now: deps.now ?? (() => new Date()),
        emit: (payload) => deps.events.emit('payouts.waiting', payload),
        notify: deps.notify,
      }),
    heldExpiry: () => new HeldExpiry(store, deps.role ?? 'app', deps.now),
  }
  return {
    profile,
    client,
    audit,
    payouts,
    store,
    batches,
    ledger,
    signer,
    ownsStore: deps.store === undefined,
    outbox,
    events: deps.events,
    log: deps.log ?? { error: () => undefined },
    make,
  }
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
