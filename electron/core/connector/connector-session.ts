import { join } from 'node:path'
import type { ApiClient } from '../api/api-client'
import { AuditLog } from '../audit/audit-log'
import { DeskError } from '../errors'
import { EventBus } from '../event-bus'
import { AgentPolicy, PolicyWatch } from '../policy/use-cases'
import { profileDir, ProfileStore, type Profile } from '../profiles'
import type { DeskStore } from '../store'
import { openProfileStore, openSession, type ProfileSession } from '../session'
import { RotatingLog } from '../shell/rotating-log'
import { KeyringSecretStore, Vault, type SecretStore } from '../vault'
import type { CreateCounterparty } from '../../../shared/api/requests'
import type { Counterparty, Withdrawal } from '../../../shared/api/resources'
import { saveDestination } from '../destinations/use-cases'
import { cancelPayout } from '../payouts/use-cases'
import { AGENT_REQUESTER, AgentPayouts } from '../policy/use-cases'
import { isViewOnly } from '../people/use-cases'
import { isDeskLocked } from '../desk-lock/use-cases'

export interface ConnectorSessionOptions {
  /** The app's data directory (the same one the app and the admin CLI use). */
  dataDir: string
  /** A profile id or name. */
  profile: string
  /** The OS keychain unless a test passes another store. */
  secrets?: SecretStore
  /** The policy's and the outbox's clock; only tests move it (never an option of the connector command). */
  now?: () => Date
}

interface Opened {
  session: ProfileSession
  payouts: AgentPayouts
}

/**
 * One profile's core as the connector uses it: the app's profile session (profile, keychain,
 * audit log, outbox). It is opened on first use and again after a failure, so unlocking the
 * keychain or adding a key takes effect without restarting the connector.
 */
export class ConnectorSession {
  /** Tool calls are audited even when the key cannot be opened. */
  readonly audit: AuditLog
  /** The profile's policy, read from the store at every check; usable even while the key is not. */
  readonly policy: AgentPolicy
  readonly policyWatch: PolicyWatch
  private opened: Opened | null = null
  private opening: Promise<Opened> | null = null

  private constructor(
    readonly profile: Profile,
    private readonly dataDir: string,
    private readonly store: ProfileStore,
    private readonly vault: Vault,
    private readonly db: DeskStore,
    private readonly now: () => Date,
  ) {
    this.audit = new AuditLog(db, 'agent')
    this.policy = new AgentPolicy(db, AGENT_REQUESTER)
    this.policyWatch = new PolicyWatch(() => this.policy.fingerprint())
  }

  /** Throws `profile_not_found` when neither an id nor a name matches. */
  static async open(options: ConnectorSessionOptions): Promise<ConnectorSession> {
    const store = new ProfileStore(options.dataDir)
    const profile = await findProfile(store, options.profile)
    const db = openProfileStore(profileDir(options.dataDir, profile.id), 'agent')
    return new ConnectorSession(
      profile,
      options.dataDir,
      store,
      new Vault(options.secrets ?? new KeyringSecretStore()),
      db,
      options.now ?? (() => new Date()),
    )
  }

  async client(): Promise<ApiClient> {
    return (await this.ensure()).session.client
  }

  /** create_counterparty: the look-alike guard every surface uses, with no way to accept for the agent. */
  async createDestination(input: CreateCounterparty): Promise<{ counterparty: Counterparty; alreadyExists: boolean }> {
    return saveDestination({ store: this.db, client: await this.client() }, input, {
      howToAccept:
        'Not saved. Only a person can save it, in the Payout Desk app after comparing both addresses; tell ' +
        'them which entry it resembles.',
    })
  }

  /**
   * cancel_withdrawal: the cancel every surface uses, which keeps the cancelled row so the daily totals leave it out.
   */
  async cancelPayout(withdrawalId: string): Promise<Withdrawal> {
    return cancelPayout({ store: this.db, client: await this.client() }, withdrawalId)
  }

  async payouts(): Promise<AgentPayouts> {
    return (await this.ensure()).payouts
  }

  /** Read from the profile file at call time: turning the setting off takes effect at once. */
  async writeToolsAllowed(): Promise<boolean> {
    if (this.viewOnly())
      throw new DeskError('view_only', 'This profile was made view-only: no write tool acts on it any more.')
    const profile = await this.store.get(this.profile.id)
    if (profile.agentWriteTools && profile.agentWhileLocked === 'refuse' && (await isDeskLocked(this.dataDir)))
      throw new DeskError(
        'desk_locked',
        'The desk is locked, and this profile keeps its agent from writing while it is: ask a person to unlock it.',
      )
    return profile.agentWriteTools
  }

  /** A view-only profile (`profile set --view-only on`): its connector lists read tools only. */
  viewOnly(): boolean {
    return isViewOnly(this.db)
  }

  /**
   * Keeps the provider's latest answer for a payout in the store, so the daily totals leave out one
   * the agent cancelled even when no app is open to poll it.
   */
  remember(withdrawal: Withdrawal): void {
    try {
      this.db.transaction('keep the payout status', () => this.db.withdrawals.put(withdrawal))
    } catch {
      // Only a cache: a payout whose cancellation is not recorded keeps counting, which is the safe side.
    }
  }

  async close(): Promise<void> {
    this.policyWatch.close()
    const opened = this.opened
    this.opened = null
    if (opened) await opened.session.close()
    this.db.close()
  }

  private ensure(): Promise<Opened> {
    if (this.opened) return Promise.resolve(this.opened)
    this.opening ??= this.build().finally(() => {
      this.opening = null
    })
    return this.opening
  }

  private async build(): Promise<Opened> {
    const profile = await this.store.get(this.profile.id)
    // The agent follows its payouts with get_withdrawal (background polling would only spend the key's rate
    // limit), and never continues a person's batch: its role looks up lost outcomes and sends what waits its turn.
    const session = await openSession(profile, {
      role: 'connector',
      dataDir: this.dataDir,
      store: this.db,
      events: new EventBus(),
      openSigner: (p) => this.vault.openSigner(p),
      now: this.now,
      log: new RotatingLog(join(this.dataDir, 'logs', 'connector.log')),
    })
    this.opened = { session, payouts: new AgentPayouts(session.payouts, session.client, this.policy, this.now) }
    return this.opened
  }
}

async function findProfile(store: ProfileStore, wanted: string): Promise<Profile> {
  const byId = (await store.list()).find((p) => p.id === wanted)
  if (byId) return byId
  try {
    return await store.getByName(wanted)
  } catch (err) {
    if (err instanceof DeskError && err.code === 'profile_not_found') {
      throw new DeskError(
        'profile_not_found',
        `There is no profile "${wanted}" in this data directory. "payout-desk profile list" shows the names.`,
      )
    }
    throw err
  }
}
