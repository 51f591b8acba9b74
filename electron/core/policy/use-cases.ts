import type { Counterparty } from '../../../shared/api/resources'
import type { AgentStopView, HeldPayoutReply, PolicyVersionView, PolicyView } from '../../../shared/ipc/channels/policy'
import { policyDiff } from '../../../shared/policy/policy-diff'
import { DEFAULT_POLICY } from '../../../shared/policy/policy-schema'
import type { OutboxEntryReply } from '../../../shared/ipc/channels/payouts'
import type { Policy } from '../../../shared/policy/policy-schema'
import { outboxEntryView, payoutResultView, type PayoutAnswer, type PayoutSession } from '../payouts/use-cases'
import type { DeskStore } from '../store'
import { HeldExpiry } from './held-expiry'
import { HeldPayouts } from './held-payouts'
import { agentStopped, resumeAgent, stopAgent } from './agent-stop'
import { PolicySettings, type PendingPolicy, type PolicyEditor } from './policy-settings'
import type { PolicyState } from './policy-state'
import { describeRules } from './policy-text'

/** The agent's policy as every surface shows it: where it comes from, its rules in words, what waits. */
export function policyView(state: PolicyState, waiting: PendingPolicy | null = null, delayMinutes = 60): PolicyView {
  const rules = describeRules(state)
  const inForce = state.kind === 'unreadable' ? null : state.policy
  const pending = waiting && { ...waiting, changes: policyDiff(inForce, waiting.policy ?? DEFAULT_POLICY) }
  const more = { pending, delayMinutes }
  switch (state.kind) {
    case 'unreadable':
      return { kind: 'unreadable', policy: null, setAt: null, setBy: null, problem: state.problem, rules, ...more }
    case 'default':
      return { kind: 'default', policy: state.policy, setAt: null, setBy: null, problem: null, rules, ...more }
    case 'set':
      return {
        kind: 'set',
        policy: state.policy,
        setAt: state.setAt,
        ...more,
        setBy: state.setBy,
        problem: null,
        rules,
      }
  }
}

/** The policy in force now, the loosening that waits and the delay, read at one moment. */
export function showPolicy(store: DeskStore, editor: PolicyEditor, now = new Date()): PolicyView {
  const settings = new PolicySettings(store, editor)
  return policyView(settings.show(now), settings.pending(now), settings.delayMinutes(now))
}

/** Every kept version, newest first; a waiting one whose time came reads as applied. */
export function policyHistory(store: DeskStore, editor: PolicyEditor, now = new Date()): PolicyVersionView[] {
  const at = now.toISOString()
  return new PolicySettings(store, editor)
    .history()
    .map((v) => (v.status === 'pending' && v.effectiveAt <= at ? { ...v, status: 'applied' } : v))
}

export function cancelPendingPolicy(store: DeskStore, editor: PolicyEditor): PolicyView {
  new PolicySettings(store, editor).cancelPending()
  return showPolicy(store, editor)
}

export function setPolicyDelay(store: DeskStore, editor: PolicyEditor, minutes: number) {
  return new PolicySettings(store, editor).setDelay(minutes)
}

/** The stop switch as the app shows it. */
export function agentStopView(store: DeskStore): AgentStopView {
  const stop = agentStopped(store)
  return { stopped: stop !== null, at: stop?.at ?? null, reason: stop?.reason ?? null }
}

/** The app's stop control: the same core function as `payout-desk agent stop`. */
export function stopAgentPayouts(store: DeskStore, editor: PolicyEditor, reason: string | null): AgentStopView {
  stopAgent(store, editor, reason)
  return agentStopView(store)
}

export function resumeAgentPayouts(store: DeskStore, editor: PolicyEditor): AgentStopView {
  resumeAgent(store, editor)
  return agentStopView(store)
}

/**
 * Replaces the policy; `book` (the provider's destination book, which needs the key) is read only when ids are listed.
 */
export async function setPolicy(
  store: DeskStore,
  editor: PolicyEditor,
  policy: Policy,
  book: () => Promise<Counterparty[]>,
): Promise<PolicyView> {
  new PolicySettings(store, editor).set(policy, policy.destinations.kind === 'list' ? await book() : null)
  return showPolicy(store, editor)
}

export function clearPolicy(store: DeskStore, editor: PolicyEditor): PolicyView {
  new PolicySettings(store, editor).clear()
  return showPolicy(store, editor)
}

/** Held payouts newest first; the ones whose time is up expire first. */
export const heldPayouts = (store: DeskStore, editor: PolicyEditor): HeldPayoutReply[] =>
  new HeldPayouts(store, editor).list().reverse()
/** The held payouts that expired with nobody's decision, newest first. */
export const expiredHeldPayouts = (store: DeskStore, editor: PolicyEditor): HeldPayoutReply[] =>
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
): Promise<OutboxEntryReply> {
  return outboxEntryView(await new HeldPayouts(store, editor).reject(key, reason))
}

export const heldExpiryHours = (store: DeskStore, editor: PolicyEditor): number =>
  new HeldExpiry(store, editor.actor).hours()
export const setHeldExpiryHours = (store: DeskStore, editor: PolicyEditor, hours: number): number =>
  new HeldExpiry(store, editor.actor).setHours(hours, editor.person)

export type { PolicyEditor } from './policy-settings'
export { localPerson } from '../audit/use-cases'
/** The agent's side of the policy, which the connector runs on every write tool. */
export { AgentPolicy, type Admitted } from './agent-policy'
export { PolicyWatch } from './policy-watch'
export { PolicyError, payoutHeld } from './policy-errors'
export { HELD_EXPIRED, HeldExpiry } from './held-expiry'
export { HELD_REJECTED, HeldPayouts } from './held-payouts'
export { PolicySettings } from './policy-settings'
export type { PolicyState } from './policy-state'
export { describeRules } from './policy-text'

export { agentStopped, resumeAgent, stopAgent } from './agent-stop'
export { AgentPayouts, type AgentPayoutResult } from './agent-payouts'
export { AGENT_REQUESTER } from '../payouts/use-cases'
export { backtestPolicy } from './backtest-use-case'
export { grantOnce, type GrantAsk } from './policy-grant'
