import { shown } from '../../../shared/text/visible-text'
import type { ApiClient } from '../api/api-client'
import { decisionEntry } from '../audit/use-cases'
import { DeskError } from '../errors'
import { refuse, type AgentSendRule, type GateVerdict, type OutboxEntry, type SendAsk } from '../payouts/use-cases'
import type { DeskStore } from '../store'
import { policyRepo } from '../store/policy/policy-repo'
import type { AgentPolicy } from './agent-policy'

/**
 * The agent's own call (a new request, its retry): its policy outcome is its answer, and nothing is recorded on a
 * denial.
 */
const isAgentsCall = (ask: SendAsk) => ask.actor === 'agent' && (ask.how === 'new' || ask.how === 'resend')

/**
 * The agent's policy and write switch, decided by the send gate at the moment each agent payout is sent: the first
 * send, the send at the time a provider's wait ends, a retry, a person's release. A person's release passes the hold
 * rules (releasing is that person's decision) but not a rule that refuses now, unless they override it by name.
 */
export function agentSendRule(deps: {
  store: DeskStore
  policy: AgentPolicy
  client: Pick<ApiClient, 'getWithdrawal'>
  /** Read from the profile file at the moment of sending: turning the switch off stops what waits. */
  writeToolsOn: () => Promise<boolean>
}): AgentSendRule {
  return {
    async prepare(_entry: OutboxEntry, ask: SendAsk) {
      if (ask.checked) await deps.policy.prepare(deps.client, ask.checked)
      return { writeToolsOn: await deps.writeToolsOn() }
    },
    decide(entry, ask, facts, now): GateVerdict {
      const key = entry.idempotencyKey
      const stop = deps.store.repo(policyRepo).stopped()
      if (stop) {
        // Read in the claiming transaction: a stop a person sets refuses queued and held payouts too, with no override.
        const message =
          `A person stopped this profile's agent at ` +
          `${stop.at}${stop.reason ? ` (${shown(stop.reason)})` : ''}; no agent payout is sent until they resume it.`
        if (isAgentsCall(ask)) throw new DeskError('policy_denied', `Refused by rule agent_stopped: ${message}`)
        return refuse('agent_stopped', 'policy_denied', message)
      }
      if (!facts.writeToolsOn) {
        if (isAgentsCall(ask))
          throw new DeskError(
            'agent_write_tools_off',
            'Write tools were turned off for this profile. Restart the connector to see the current tool list.',
          )
        return overridable(
          deps.store,
          ask,
          key,
          now,
          refuse(
            'agent_write_tools_off',
            'agent_write_tools_off',
            "The agent's write tools are off for this profile now.",
          ),
        )
      }
      if (!ask.checked)
        return refuse(
          'provider_check',
          'validation_failed',
          'The payout could not be checked against the provider’s wallets and book.',
        )
      if (isAgentsCall(ask)) {
        // Counted as a new request (the hourly limit too); a denial throws the agent's PolicyError and records nothing.
        const d = deps.policy.admitPayout(key, ask.checked, now)
        return d.outcome === 'hold' ? { outcome: 'hold', rule: d.rule, message: d.message } : { outcome: 'send' }
      }
      const d = deps.policy.decideRecorded(key, ask.checked, now, ask.how)
      if (d.outcome === 'deny')
        return overridable(
          deps.store,
          ask,
          key,
          now,
          refuse(
            d.rule,
            'policy_denied',
            `Refused by this profile's policy now (rule ${d.rule}): ${d.message}`,
            d.remaining,
          ),
        )
      if (d.outcome === 'hold' && ask.how !== 'release') return { outcome: 'hold', rule: d.rule, message: d.message }
      return released(deps.store, ask, key, now, { outcome: 'send' })
    },
  }
}

/**
 * A person's release overrides a refusing rule only by naming it; the override is audited with the rule and its words.
 */
function overridable(store: DeskStore, ask: SendAsk, key: string, now: Date, verdict: GateVerdict): GateVerdict {
  if (ask.how !== 'release' || verdict.outcome !== 'refuse' || ask.override !== verdict.rule) return verdict
  store.audit.append(
    decisionEntry(now, 'held.override', ask.actor ?? 'desk', key, {
      by: ask.person ?? null,
      rule: verdict.rule,
      message: verdict.message,
    }),
  )
  return released(store, ask, key, now, { outcome: 'send' })
}

/** A person's release, audited in the transaction that claims the attempt (so a refused one leaves no such row). */
function released(store: DeskStore, ask: SendAsk, key: string, now: Date, verdict: GateVerdict): GateVerdict {
  if (ask.how === 'release')
    store.audit.append(
      decisionEntry(now, 'held.released', ask.actor ?? 'desk', key, {
        by: ask.person ?? null,
        override: ask.override ?? null,
      }),
    )
  return verdict
}
