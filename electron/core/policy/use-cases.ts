import type { Counterparty } from '../../../shared/api/resources'
import type { HeldPayoutView, PolicyView } from '../../../shared/ipc/channels/policy'
import type { OutboxEntryView } from '../../../shared/ipc/channels/payouts'
import type { Policy } from '../../../shared/policy/policy-schema'
import { outboxEntryView, payoutResultView } from '../payouts/outbox-view'
import type { PayoutAnswer, PayoutSession } from '../payouts/use-cases'
import type { DeskStore } from '../store'
import { HeldExpiry } from './held-expiry'
import { HeldPayouts } from './held-payouts'
import { PolicySettings, type PolicyEditor } from './policy-settings'
import type { PolicyState } from './policy-state'
import { describeRules } from './policy-text'

/** The agent's policy as every surface shows it: where it comes from and its rules in words. */
export function policyView(state: PolicyState): PolicyView {
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

export const showPolicy = (store: DeskStore, editor: PolicyEditor): PolicyView =>
  policyView(new PolicySettings(store, editor).show())

/**
 * Replaces the policy; `book` (the provider's destination book, which needs the key) is read only when ids are listed.
 */
export async function setPolicy(
  store: DeskStore,
  editor: PolicyEditor,
  policy: Policy,
  book: () => Promise<Counterparty[]>,
): Promise<PolicyView> {
  const settings = new PolicySettings(store, editor)
  settings.set(policy, policy.destinations.kind === 'list' ? await book() : null)
  return policyView(settings.show())
}

export function clearPolicy(store: DeskStore, editor: PolicyEditor): PolicyView {
  const settings = new PolicySettings(store, editor)
  settings.clear()
  return policyView(settings.show())
}

/** Held payouts newest first; the ones whose time is up expire first. */
export const heldPayouts = (store: DeskStore, editor: PolicyEditor): HeldPayoutView[] =>
  new HeldPayouts(store, editor).list().reverse()
/** The held payouts that expired with nobody's decision, newest first. */
export const expiredHeldPayouts = (store: DeskStore, editor: PolicyEditor): HeldPayoutView[] =>
  new HeldPayouts(store, editor).expired().reverse()

/**
 * Sends a held payout through the profile's signing session if the policy in force now lets it through (its hold
 * rules are what the person releases); a rule that refuses it now is passed only when `override` names it (audited).
 * One whose time is up expires instead and is refused.
 */
export async function releaseHeld(
  session: Pick<PayoutSession, 'store' | 'payouts'>,
  editor: PolicyEditor,
  key: string,
  override: string | null = null,
): Promise<PayoutAnswer> {
  return payoutResultView(
    await new HeldPayouts(session.store, editor).release(key, session.payouts, undefined, override),
  )
}

export async function rejectHeld(
  store: DeskStore,
  editor: PolicyEditor,
  key: string,
  reason: string,
): Promise<OutboxEntryView> {
  return outboxEntryView(await new HeldPayouts(store, editor).reject(key, reason))
}

export const heldExpiryHours = (store: DeskStore, editor: PolicyEditor): number =>
  new HeldExpiry(store, editor.actor).hours()
export const setHeldExpiryHours = (store: DeskStore, editor: PolicyEditor, hours: number): number =>
  new HeldExpiry(store, editor.actor).setHours(hours, editor.person)

export type { PolicyEditor } from './policy-settings'
export { localPerson } from '../audit/who'
/** The agent's side of the policy, which the connector runs on every write tool. */
export { AgentPolicy, type Admitted } from './agent-policy'
export { PolicyWatch } from './policy-watch'
export { PolicyError, payoutHeld } from './policy-errors'
export { HELD_EXPIRED } from './held-expiry'
export { HELD_REJECTED } from './held-payouts'
export { describeRules } from './policy-text'

export { agentStopped, resumeAgent, stopAgent } from './agent-stop'
export { AgentPayouts, type AgentPayoutResult } from './agent-payouts'
export { AGENT_REQUESTER } from '../payouts/use-cases'
export { backtestPolicy } from './backtest-use-case'
export { grantOnce } from './policy-grant'
