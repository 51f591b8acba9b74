import type { Counterparty } from '../../../shared/api/resources'
import type { PolicyView, policyChannels } from '../../../shared/ipc/channels/policy'
import type { HandlersFor } from '../ipc/router'
import type { ProfileKeys } from '../keys'
import { profileDir } from '../profiles'
import type { DeskStore } from '../store'
import { openProfileStore } from '../session/session'
import { withOneOffSession } from '../session/one-off-session'
import type { SessionHost } from '../session/session-host'
import { HeldExpiry } from '../policy/held-expiry'
import { HeldPayouts } from '../policy/held-payouts'
import { localPerson } from '../policy/local-person'
import { PolicySettings, type PolicyEditor } from '../policy/policy-settings'
import type { PolicyState } from '../policy/policy-state'
import { outboxEntryView, payoutResultView } from '../payouts/outbox-view'
import { describeRules } from '../policy/policy-text'

export interface PolicyHandlerDeps {
  dataDir: string
  keys: ProfileKeys
  host: SessionHost
  person?: () => string
}

/** The app's side of the agent policy (Keys & profiles) and of held payouts (Payouts, for the open profile). */
export function policyHandlers(deps: PolicyHandlerDeps): HandlersFor<typeof policyChannels> {
  const editor = (): PolicyEditor => ({ actor: 'app', person: (deps.person ?? localPerson)() })

  /**
   * The profile's store: the open session's when it is the open profile, else opened for this call.
   * `book` reads the destination book with the profile's key, only when a listed id needs checking.
   */
  async function withProfile<T>(profileId: string, work: (store: DeskStore, book: () => Promise<Counterparty[]>) => T | Promise<T>): Promise<T> {
    const profile = await deps.keys.profiles.get(profileId)
    if ((await deps.keys.profiles.current())?.id === profile.id && profile.keyId) {
      const session = await deps.host.session()
      return work(session.store, () => session.client.listCounterparties())
    }
    const store = openProfileStore(profileDir(deps.dataDir, profile.id), 'app')
    try {
      const oneOff = { dataDir: deps.dataDir, role: 'app' as const, openSigner: (p: typeof profile) => deps.keys.vault.openSigner(p) }
      return await work(store, () => withOneOffSession(profile, store, oneOff, (s) => s.client.listCounterparties()))
    } finally {
      store.close()
    }
  }

  return {
    'policy.show': ({ profileId }) => withProfile(profileId, (store) => view(new PolicySettings(store, editor()).show())),
    'policy.set': ({ profileId, policy }) =>
      withProfile(profileId, async (store, book) => {
        const settings = new PolicySettings(store, editor())
        settings.set(policy, policy.destinations.kind === 'list' ? await book() : null)
        return view(settings.show())
      }),
    'policy.clear': ({ profileId }) =>
      withProfile(profileId, (store) => {
        const settings = new PolicySettings(store, editor())
        settings.clear()
        return view(settings.show())
      }),
    'held.list': async () => new HeldPayouts((await deps.host.session()).store, editor()).list().reverse(),
    'held.release': async ({ idempotencyKey }) => {
      const session = await deps.host.session()
      return payoutResultView(await new HeldPayouts(session.store, editor()).release(idempotencyKey, session.payouts))
    },
    'held.expiry': async () => ({ hours: new HeldExpiry((await deps.host.session()).store, 'app').hours() }),
    'held.setExpiry': async ({ hours }) => ({ hours: new HeldExpiry((await deps.host.session()).store, 'app').setHours(hours, editor().person) }),
    'held.reject': async ({ idempotencyKey, reason }) => outboxEntryView(await new HeldPayouts((await deps.host.session()).store, editor()).reject(idempotencyKey, reason)),
  }
}

function view(state: PolicyState): PolicyView {
  const rules = describeRules(state)
  switch (state.kind) {
    case 'unreadable':
      return { kind: 'unreadable', policy: null, setAt: null, setBy: null, problem: state.problem, rules }
    case 'default':
      return { kind: 'default', policy: state.policy, setAt: null, setBy: null, problem: null, rules }
    case 'set':
      return { kind: 'set', policy: state.policy, setAt: state.setAt, setBy: state.setBy, problem: null, rules }
  }
}
