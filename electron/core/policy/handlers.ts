import type { Counterparty } from '../../../shared/api/resources'
import type { policyChannels } from '../../../shared/ipc/channels/policy'
import type { HandlersFor } from '../ipc/router'
import type { SessionSource } from '../ipc/session-source'
import type { ProfileKeys } from '../keys/use-cases'
import type { DeskStore } from '../store'
import type { SecondPersonCheck } from '../people/use-cases'
import type { Environment, Profile } from '../profiles/profile'
import type { SecondPerson } from '../../../shared/ipc/channels/desk-lock'
import {
  agentStopView,
  backtestPolicy,
  cancelPendingPolicy,
  clearPolicy,
  policyHistory,
  resumeAgentPayouts,
  stopAgentPayouts,
  heldExpiryHours,
  heldPayouts,
  localPerson,
  rejectHeld,
  releaseHeld,
  setHeldExpiryHours,
  setPolicy,
  showPolicy,
  type PolicyEditor,
} from './use-cases'

/** What these handlers use of the sessions: the open profile's, and any profile's store for one piece of work. */
export interface PolicySessions extends SessionSource<
  Parameters<typeof releaseHeld>[0] & { profile: Pick<Profile, 'environment'> }
> {
  withProfileStore<T>(
    profile: Profile,
    work: (store: DeskStore, book: () => Promise<Counterparty[]>) => T | Promise<T>,
  ): Promise<T>
}

export interface PolicyHandlerDeps {
  keys: ProfileKeys
  host: PolicySessions
  person?: () => string
  /** Four eyes on a release (people/use-cases). */
  secondPerson?: SecondPersonCheck
  /** Four eyes on a loosening: the second person the app's dialog named, checked (desk-lock/second-at-desk). */
  fourEyes?: (
    store: DeskStore,
    environment: Environment,
    second: SecondPerson | undefined,
  ) => Promise<PolicyEditor['fourEyes']>
}

/** The app's side of the agent policy (Keys & profiles) and of held payouts (Payouts, for the open profile). */
export function policyHandlers(deps: PolicyHandlerDeps): HandlersFor<typeof policyChannels> {
  const editor = (): PolicyEditor => ({ actor: 'app', person: (deps.person ?? localPerson)() })
  /** A change that may loosen: under four eyes it carries the second person, whom PolicySettings requires. */
  const changer = async (store: DeskStore, env: Environment, second: SecondPerson | undefined) => {
    const fourEyes = await deps.fourEyes?.(store, env, second)
    return fourEyes ? { ...editor(), fourEyes } : editor()
  }

  /**
   * The profile's store: the open session's when it is the open profile, else opened for this call.
   * `book` reads the destination book with the profile's key, only when a listed id needs checking.
   */
  async function withProfile<T>(
    profileId: string,
    work: (store: DeskStore, book: () => Promise<Counterparty[]>, env: Environment) => T | Promise<T>,
  ): Promise<T> {
    const profile = await deps.keys.profiles.get(profileId)
    return deps.host.withProfileStore(profile, (store, book) => work(store, book, profile.environment))
  }

  return {
    'policy.show': ({ profileId }) => withProfile(profileId, (store) => showPolicy(store, editor())),
    'policy.set': ({ profileId, policy, second }) =>
      withProfile(profileId, async (store, book, env) =>
        setPolicy(store, await changer(store, env, second), policy, book),
      ),
    'policy.clear': ({ profileId, second }) =>
      withProfile(profileId, async (store, _book, env) => clearPolicy(store, await changer(store, env, second))),
    'policy.history': ({ profileId }) => withProfile(profileId, (store) => policyHistory(store, editor())),
    // The same use case as `policy backtest`, given the form's policy as a policy file (its bare object).
    'policy.backtest': ({ profileId, policy, days }) =>
      withProfile(profileId, (store) => backtestPolicy(store, JSON.stringify(policy), days)),
    'policy.cancelPending': ({ profileId }) => withProfile(profileId, (store) => cancelPendingPolicy(store, editor())),
    'agent.stopStatus': ({ profileId }) => withProfile(profileId, (store) => agentStopView(store)),
    'agent.stop': ({ profileId, reason }) =>
      withProfile(profileId, (store) => stopAgentPayouts(store, editor(), reason)),
    'agent.resume': ({ profileId }) => withProfile(profileId, (store) => resumeAgentPayouts(store, editor())),
    'held.list': async () => heldPayouts((await deps.host.session()).store, editor()),
    'held.release': async ({ idempotencyKey, override }) => {
      const session = await deps.host.session()
      await deps.secondPerson?.(session.store, session.profile.environment, { kind: 'release', key: idempotencyKey })
      return releaseHeld(session, editor(), idempotencyKey, override ?? null)
    },
    'held.expiry': async () => ({ hours: heldExpiryHours((await deps.host.session()).store, editor()) }),
    'held.setExpiry': async ({ hours }) => ({
      hours: setHeldExpiryHours((await deps.host.session()).store, editor(), hours),
    }),
    'held.reject': async ({ idempotencyKey, reason }) =>
      rejectHeld((await deps.host.session()).store, editor(), idempotencyKey, reason),
  }
}
