import type { PacerOptions } from '../api/pacer'
import type { EventBus } from '../event-bus'
import type { HistoryRunnerDeps } from '../history/history-runner'
import type { FollowClock } from '../payouts/follow-budget'
import type { Notify } from '../payouts/poller'
import type { Profile } from '../profiles/profile'
import type { Signer } from '../signing'
import type { BackgroundLog } from '../shell/rotating-log'
import type { DeskStore, ProcessRole } from '../store'
import type { SecretStore } from '../vault'

export interface SessionDeps {
  dataDir: string
  /** Which kind of process this is, for the store's process table and the outbox's "who". */
  role?: ProcessRole
  /** Who the audit log's rows of this session's requests name (`cli (alice)`, a person at the desk); else the role. */
  actor?: string
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
  /** The keychain the notification channels' URLs are read from (the desk's; the OS keychain without it). */
  secretStore?: SecretStore
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
