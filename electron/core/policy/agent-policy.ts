import { shown } from '../../../shared/text/visible-text'
import type { Hold } from '../../../shared/policy/hold-schema'
import { decisionEntry } from '../audit/use-cases'
import type { ApiClient } from '../api/api-client'
import { isFirstPayout, refreshPayoutsTo } from '../payouts/use-cases'
import type { CheckedPayout } from '../payouts/preflight'
import type { DeskStore } from '../store'
import { DeskError } from '../errors'
import { policyChangeRepo } from '../store/policy/policy-change-repo'
import { policyRepo, type PolicyRepo } from '../store/policy/policy-repo'
import { checkCounterparty, checkPayout, DAY_MS, HOUR_MS, type Decision, type RuleName } from './policy-check'
import { HeldExpiry } from './held-expiry'
import { PolicyError, payoutHeld, policyDenied } from './policy-errors'
import { readPolicyInForce, type PolicyState } from './policy-state'
import { gateRates, livePrior, NO_PRIOR, readsPrior } from './payout-context'
import { storeTamper } from '../store/audit/store-tamper'
import { grantMismatch } from './policy-grant'

export type Admitted = Exclude<Decision, { outcome: 'deny' }>

/** The audit log's actor for every decision about an agent's request. */
const AGENT_ACTOR = 'agent'

/**
 * The profile's policy applied to an agent's write requests. Each check runs inside the write
 * transaction that records the request (BEGIN IMMEDIATE), so two connector processes are
 * serialised: the second one counts the first one's payout and no cap is passed together.
 */
export class AgentPolicy {
  constructor(
    private readonly store: DeskStore,
    /** Whose outbox entries the daily totals count (the connector's requester name). */
    private readonly requestedBy: string,
  ) {}

  /** The policy in force; never throws for a bad row (that reads as `unreadable`). */
  state(): PolicyState {
    return this.store.read('read the agent policy', () => readPolicyInForce(this.store, new Date()))
  }

  /** The waiting change as last read, and the audit row it was read at (a new row may change it). */
  private waiting: { head: number; text: string } | null = null

  /**
   * Moves whenever anyone changes the policy row, sets or cancels a waiting change, or one's time comes (so the
   * agent's tool description follows a loosening when it takes effect, with no write at that moment).
   */
  fingerprint(now = new Date()): string {
    return this.store.read('read the agent policy', () => {
      const changes = this.store.repo(policyChangeRepo)
      const head = changes.auditHead()
      if (this.waiting?.head !== head) {
        const pending = changes.pending()
        this.waiting = { head, text: pending?.kind === 'pending' ? pending.effectiveAt : (pending?.kind ?? '') }
      }
      const due = this.waiting.text !== '' && this.waiting.text <= now.toISOString()
      return `${this.store.repo(policyRepo).fingerprint()}|${this.waiting.text}|${due}`
    })
  }

  /**
   * Before the write transaction (an HTTP call cannot run under the store's lock): when the policy holds first payouts,
   * the provider's latest answer for the outbox's unfinished payouts to this destination, so one that completed counts.
   */
  async prepare(client: Pick<ApiClient, 'getWithdrawal'>, checked: CheckedPayout): Promise<void> {
    const state = this.state()
    if (state.kind === 'unreadable' || !state.policy.holdFirstPayout) return
    await refreshPayoutsTo(this.store, client, checked.destination.network, checked.destination.address)
  }

  /**
   * Decides a payout, checked against the provider's wallets and book first (so the rules see what the provider will
   * pay), inside the caller's write transaction and records the decision there: allow or hold, or throws a
   * PolicyError (then the caller's transaction rolls back and `recordDenial` writes the audit row).
   */
  admitPayout(key: string, checked: CheckedPayout, now: Date): Admitted {
    const repo = this.store.repo(policyRepo)
    const requests = repo.requestsSince(iso(now.getTime() - HOUR_MS))
    const decision = this.payoutDecision(repo, checked, key, now, requests, 'new')
    if (decision.outcome === 'deny') throw policyDenied(decision.rule, decision.message, decision.remaining)
    repo.noteRequest(now.toISOString(), 'request_withdrawal', key)
    this.audit(now, key, 'request_withdrawal', decision, requestFacts(checked, decision))
    return decision
  }

  /**
   * A recorded agent payout at the moment it is sent (its provider wait is over, a person releases it, a person sends
   * it again): the policy in force now, inside the claiming transaction. Not a new request: the hourly limit is not
   * asked and nothing is counted; the entry's own amount is not counted twice. The decision is audited, except a
   * release that passes: its `held.released` row says so.
   */
  decideRecorded(key: string, checked: CheckedPayout, now: Date, how: string): Decision {
    const decision = this.payoutDecision(this.store.repo(policyRepo), checked, key, now, 0, how)
    const tool = `send_${how}`
    if (decision.outcome === 'deny') {
      this.auditDenial(now, key, tool, decision, 'policy_denied')
      return decision
    }
    if (how === 'release') return decision
    this.audit(now, key, tool, decision, requestFacts(checked, decision))
    return decision
  }

  /**
   * The policy in force now over one payout as the provider will pay it. An entry sent again is checked again, as
   * new: its own earlier attempt is not counted twice; a recorded one asks no hourly limit (`requestsLastHour` 0).
   */
  private payoutDecision(
    repo: PolicyRepo,
    checked: CheckedPayout,
    key: string,
    now: Date,
    requestsLastHour: number,
    how: string,
  ): Decision {
    const state = readPolicyInForce(this.store, now)
    const { body, destination } = checked
    if (state.kind === 'unreadable') return unreadable(state.problem)
    const rates = gateRates(this.store, now)
    // A grant lets the payout through once; the provider's wait ending (queued) is still that one pass.
    // From the chain the send gate walked just before (the gate's atGate), not a row anyone can edit around.
    const grant = this.store.repo(storeTamper).grant(key)
    const granted = grant?.state === 'unused' || (grant?.state === 'used' && how === 'queued')
    const mismatch = granted
      ? grantMismatch(grant.scope, { ...body, network: destination.network, address: destination.address })
      : null
    if (mismatch)
      return {
        outcome: 'deny',
        rule: 'grant_mismatch',
        message: `The key ${key} was granted once, but not for this payout: ${mismatch}. Nothing is sent.`,
        remaining: null,
      }
    const decision = guarded(() =>
      checkPayout(state.policy, {
        asset: body.asset,
        amount: body.amount,
        destination,
        spentToday: this.spentToday(repo, body.asset, now, key),
        requestsLastHour,
        firstPayout:
          state.policy.holdFirstPayout && isFirstPayout(this.store, destination.network, destination.address),
        now,
        prior: readsPrior(state.policy)
          ? livePrior(this.store, this.requestedBy, key, now, { ...destination, asset: body.asset }, rates)
          : NO_PRIOR,
        rates,
        granted,
      }),
    )
    if (grant?.state === 'unused' && decision.outcome === 'allow')
      this.store.audit.append(decisionEntry(now, 'policy.grant_used', AGENT_ACTOR, key, { tool: `send_${how}` }))
    return decision
  }

  /** The rolling total's amounts; counts that disagree with the audit chain throw CountsTampered (a deny). */
  private spentToday(repo: PolicyRepo, asset: string, now: Date, key: string): readonly string[] {
    try {
      return repo.amountsSince(this.requestedBy, asset, iso(now.getTime() - DAY_MS), key)
    } catch (err) {
      if (err instanceof DeskError && err.code === 'record_corrupt') throw new CountsTampered(err.message)
      throw err
    }
  }

  /** Whether the policy ever held this payout: then only a person's release sent it. */
  wasHeld(key: string): boolean {
    return this.store.read('read the audit log', () => this.store.repo(policyRepo).holdReason(key)) !== null
  }

  /** Expires the held payouts whose time is up (the agent's next call is when it learns of it). */
  expireHeld(now: Date): void {
    new HeldExpiry(this.store, AGENT_ACTOR, () => now).expireDue()
  }

  /** The answer to a retry of a payout that still waits for a person: the rule that held it, as at first. */
  stillHeld(key: string): PolicyError {
    const reason = this.store.read('read the audit log', () => this.store.repo(policyRepo).holdReason(key))
    return payoutHeld(
      reason?.rule ?? 'hold_all',
      reason?.message ?? 'This payout waits for a person at the desk to release or reject it.',
    )
  }

  /**
   * create_counterparty: the hourly request limit, checked and counted in one transaction; a denial is audited and
   * thrown.
   */
  admitCounterparty(now: Date): void {
    try {
      this.store.transaction('check the agent policy', () => {
        const repo = this.store.repo(policyRepo)
        const state = readPolicyInForce(this.store, now)
        const stop = repo.stopped()
        if (stop)
          throw policyDenied(
            'agent_stopped',
            `A person stopped this profile's agent at ${stop.at}${stop.reason ? ` (${shown(stop.reason)})` : ''}.`,
            null,
          )
        const decision =
          state.kind === 'unreadable'
            ? unreadable(state.problem)
            : checkCounterparty(state.policy, repo.requestsSince(iso(now.getTime() - HOUR_MS)))
        if (decision.outcome === 'deny') throw policyDenied(decision.rule, decision.message, decision.remaining)
        repo.noteRequest(now.toISOString(), 'create_counterparty', null)
        this.audit(now, null, 'create_counterparty', decision, {})
      })
    } catch (err) {
      if (err instanceof PolicyError) this.recordDenial(err, null, 'create_counterparty', now)
      throw err
    }
  }

  /** A denial is audited in its own transaction: the one that checked it rolled back. */
  /** `checked`: the payout refused, kept in the row so a backtest can replay the request. */
  recordDenial(err: PolicyError, key: string | null, tool: string, now: Date, checked?: CheckedPayout): void {
    const request = checked ? requestFacts(checked, { outcome: 'allow' }) : {}
    this.store.transaction('record the policy decision', () => this.auditDenial(now, key, tool, err, err.code, request))
  }

  /** A refusal's audit row: the tool, the rule and what it still allows, the message, and the request when known. */
  private auditDenial(
    now: Date,
    key: string | null,
    tool: string,
    { rule, remaining, message }: { rule: RuleName; remaining: string | null; message: string },
    code: string,
    request: Record<string, unknown> = {},
  ): void {
    this.store.audit.append(
      decisionEntry(now, 'policy.denied', AGENT_ACTOR, key, { tool, rule, remaining, message, ...request }, code),
    )
  }

  private audit(
    now: Date,
    key: string | null,
    tool: string,
    decision: Admitted,
    request: Record<string, unknown>,
  ): void {
    const held = decision.outcome === 'hold'
    const detail = held
      ? { tool, rule: decision.rule, message: decision.message, ...request }
      : { tool, rule: null, ...request }
    this.store.audit.append(decisionEntry(now, held ? 'policy.held' : 'policy.allowed', AGENT_ACTOR, key, detail))
  }
}

function holdFacts(decision: Extract<Decision, { outcome: 'hold' }>, checked: CheckedPayout): Hold {
  const d = checked.destination
  return {
    rule: decision.rule,
    message: decision.message,
    walletName: checked.wallet.name,
    destinationId: d.id,
    destinationName: d.label,
    destinationAddress: d.address,
    network: d.network,
    verifiedAt: d.verified_at,
  }
}

/**
 * The outbox rows the daily totals read disagree with the audit chain: every agent payout is refused until a person
 * looks.
 */
class CountsTampered extends Error {}

function tampered(err: CountsTampered): Decision {
  return {
    outcome: 'deny',
    rule: 'counts_tampered',
    message: `${err.message} Every agent payout is refused until a person checks the outbox.`,
    remaining: '0',
  }
}

/** The decision, with counts that cannot be trusted read as a denial. */
function guarded(decide: () => Decision): Decision {
  try {
    return decide()
  } catch (err) {
    if (err instanceof CountsTampered) return tampered(err)
    throw err
  }
}

function unreadable(problem: string): Decision {
  return {
    outcome: 'deny',
    rule: 'policy_unreadable',
    message: `The profile's policy cannot be read (${problem}); a person must set it again (payout-desk policy set).`,
    remaining: null,
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString()
}

/** What the audit row of a payout decision keeps: the payout as the provider will pay it, and a hold's facts. */
function requestFacts(checked: CheckedPayout, decision: Decision): Record<string, unknown> {
  const { body, destination } = checked
  const request = {
    asset: body.asset,
    amount: body.amount,
    wallet_id: body.wallet_id,
    destination: body.destination,
    network: body.network,
    destination_id: destination.id,
    verified_at: destination.verified_at,
  }
  return decision.outcome === 'hold' ? { ...request, hold: holdFacts(decision, checked) } : request
}
