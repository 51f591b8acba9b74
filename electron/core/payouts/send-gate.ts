import { sameAddress } from '../../../shared/api/address'
import type { ErrorCode } from '../../../shared/api/error-codes'
import { isRetypedTotal } from '../../../shared/payouts/retyped-total'
import { describeAlteration, openAlterations } from '../alterations/use-cases'
import { decisionEntry } from '../audit/use-cases'
import { PayeeChangeTick, payeeChangeRefusal, paymentBlock, rowLookalike } from '../payee-checks/use-cases'
import { DeskError } from '../errors'
import type { ApiClient } from '../api/api-client'
import type { Profile } from '../profiles/profile'
import type { DeskStore } from '../store'
import { knownAddresses } from '../store/destinations/known-addresses'
import { storeTamper, tamperText } from '../store/audit/store-tamper'
import { profileAccess } from '../store/access/profile-access-repo'
import type { OutboxEntry } from './outbox'
import { checkWithProvider, type CheckedPayout } from './preflight'

/**
 * How an attempt comes about; the rules differ only where a person's own act is the decision (a release). `again`: a
 * new payout a person requests again from an expired, rejected or failed one, every rule of a new one applying.
 */
export type SendHow = 'new' | 'queued' | 'resend' | 'release' | 'batch' | 'again'

export interface SendAsk {
  how: SendHow
  /**
   * The payout as the provider will execute it, read just before the claim; null for a batch row (checked at submit).
   */
  checked?: CheckedPayout | null
  /** A person's production payout: the amount typed again (checked on a new send). */
  retypedAmount?: string | null
  /** A person's release of a held payout that a rule in force now refuses: the rule they override, by name. */
  override?: string | null
  /** Who asks (the audit log's actor for a stop or an override): 'agent' for the agent's own calls. */
  actor?: string
  /** The person who releases a held payout, as the audit log names them. */
  person?: string
  /**
   * A batch row's: the book's payee changes as read once for this sending tick (a row sent has no book read of its
   * own), so a payee change made after the batch was recorded is still decided when the row is sent.
   */
  payeeChanges?: PayeeChangeTick
}

export type GateVerdict =
  | { outcome: 'send' }
  | { outcome: 'hold'; rule: string; message: string }
  | { outcome: 'refuse'; rule: string; code: ErrorCode; message: string; remaining?: string | null }

/** What an agent payout must pass at the moment it is sent: its policy and write switch (electron/core/policy). */
export interface AgentSendRule {
  /** Reads that cannot run under the write lock (the profile file, the provider's latest answers). */
  prepare(entry: OutboxEntry, ask: SendAsk): Promise<{ writeToolsOn: boolean }>
  /** Inside the transaction that claims the attempt; `exceptKey` is the entry's own key (not counted twice). */
  decide(entry: OutboxEntry, ask: SendAsk, facts: { writeToolsOn: boolean }, now: Date): GateVerdict
}

declare const CLAIMED: unique symbol
/** An attempt the gate let through and this process claimed (`sending`, its sender): the only thing that is POSTed. */
export type ClaimedAttempt = OutboxEntry & { readonly [CLAIMED]: true }

/** The requester name of an agent's payouts (the connector's). */
export const AGENT_REQUESTER = 'agent'

export interface SendGateDeps {
  store: DeskStore
  client: Pick<ApiClient, 'listWallets' | 'listCounterparties'>
  profile: () => Pick<Profile, 'environment'>
  agent?: AgentSendRule | undefined
}

/**
 * The one decision before every POST of a withdrawal, taken inside the store transaction that claims the attempt:
 * the production confirmation, the destination's state (verified, own address, look-alike of another entry) and,
 * for an agent's payout, its policy and write switch as they are now. A new attempt kind gets these rules because
 * `PayoutRequests` can send only a `ClaimedAttempt`, and only `admit` below makes one.
 */
export class SendGate {
  constructor(private readonly deps: SendGateDeps) {}

  /**
   * Reads that cannot run under the write lock, made just before the claim: the provider's wallets and book for a
   * recorded payout sent now (a new one was just checked by its use case; a batch row was checked at submit and is
   * paced per row), and the agent's facts.
   */
  async prepare(entry: OutboxEntry, ask: SendAsk): Promise<Prepared> {
    let checked = ask.checked ?? null
    let problem: string | null = null
    if (!checked && ask.how !== 'batch' && ask.how !== 'new' && ask.how !== 'again') {
      try {
        checked = await checkWithProvider(this.deps.client, entry.body, 'validation_failed')
      } catch (err) {
        if (!(err instanceof DeskError) || err.code !== 'validation_failed') throw err
        problem = err.message
      }
    }
    const withChecked = { ...ask, checked }
    const agent =
      entry.requestedBy === AGENT_REQUESTER && this.deps.agent
        ? await this.deps.agent.prepare(entry, withChecked)
        : null
    return { checked, problem, agent }
  }

  /** The verdict, inside the claiming transaction. */
  decide(entry: OutboxEntry, ask: SendAsk, prepared: Prepared, now: Date): GateVerdict {
    const person = entry.requestedBy !== AGENT_REQUESTER
    // A view-only profile sends nothing new, whoever asked; a resend only repeats an attempt already made.
    if (ask.how !== 'resend' && this.deps.store.repo(profileAccess).viewOnly())
      return refuse('view_only', 'view_only', 'This profile is view-only: nothing is sent from it.')
    // Every fact below must be the one the audit chain vouches for: a control row changed outside the desk stops all.
    const tampered = this.deps.store.repo(storeTamper).atGate(entry.idempotencyKey)
    if (tampered) return refuse('store_tampered', 'store_tampered', tamperText(tampered))
    // First the stops no person's confirmation or override passes: an altered withdrawal, a listed address.
    const altered = openAlterations(this.deps.store)[0]
    if (altered)
      return refuse(
        'withdrawal_altered',
        'withdrawal_altered',
        `${describeAlteration(altered)} Sends stay stopped until a person acknowledges it.`,
      )
    const network = prepared.checked?.body.network ?? entry.body.network ?? ''
    const book = prepared.checked?.book ?? null
    const block = paymentBlock(this.deps.store, book, network, entry.body.destination, now)
    if (block) return refuse(block.rule, block.code, block.message)
    const change = book ? null : ask.payeeChanges?.blocked(this.deps.store, network, entry.body.destination, now)
    if (change) {
      const r = payeeChangeRefusal(change)
      return refuse(r.rule, r.code, r.message)
    }
    // A batch or pay-run row, or a payout requested again, has no review in which a person compared a look-alike with
    // what it imitates.
    const unreviewed = ask.how === 'batch' || ask.how === 'again'
    const alike = unreviewed ? rowLookalike(this.deps.store, network, entry.body.destination) : null
    if (alike) return refuse('lookalike_destination', 'lookalike_destination', alike)
    if (
      person &&
      (ask.how === 'new' || ask.how === 'again') &&
      this.deps.profile().environment === 'production' &&
      !isRetypedTotal(ask.retypedAmount ?? null, entry.body.amount)
    ) {
      return refuse(
        'production_confirmation',
        'confirmation_required',
        `This is a PRODUCTION payout: type its amount (${entry.body.amount}) again to confirm it.`,
      )
    }
    if (prepared.problem) return refuse('provider_check', 'validation_failed', prepared.problem)
    const checkedAsk = { ...ask, checked: prepared.checked }
    const destination = this.destination(entry, checkedAsk, !person)
    if (destination) return destination
    if (!person) {
      if (!this.deps.agent || !prepared.agent)
        return refuse('agent_write_tools_off', 'agent_write_tools_off', 'No agent policy is in force in this process.')
      try {
        return this.deps.agent.decide(entry, checkedAsk, prepared.agent, now)
      } catch (err) {
        // A price the USD limits read that the chain does not vouch for.
        if (err instanceof DeskError && err.code === 'store_tampered') return refuse(err.code, err.code, err.message)
        throw err
      }
    }
    return { outcome: 'send' }
  }

  /** The book's payee changes as the provider holds the book now: one read for a sending tick of many rows. */
  async payeeChangeTick(): Promise<PayeeChangeTick> {
    return new PayeeChangeTick(await this.deps.client.listCounterparties())
  }

  /** Marks a verdict a claim refused: the audit row names the rule, beside the entry's own outcome row. */
  noteStop(key: string, verdict: Extract<GateVerdict, { outcome: 'refuse' }>, ask: SendAsk, now: Date): void {
    this.deps.store.audit.append(
      decisionEntry(
        now,
        'send.stopped',
        ask.actor ?? 'desk',
        key,
        { how: ask.how, rule: verdict.rule, message: verdict.message },
        verdict.code,
      ),
    )
  }

  /** Brands an entry the caller just claimed under this gate's verdict. */
  static claimed(entry: OutboxEntry): ClaimedAttempt {
    return entry as ClaimedAttempt
  }

  /**
   * The destination as it is now: the provider's book read just before (unverified refuses), and the profile's
   * known addresses (an own deposit address refuses; for an agent, so does another book entry that looks like it).
   */
  private destination(entry: OutboxEntry, ask: SendAsk, agent: boolean): GateVerdict | null {
    const d = ask.checked?.destination
    if (d && !d.can_send)
      return refuse(
        'destination_not_verified',
        'validation_failed',
        `Destination ${d.id} on ${d.network} is not verified now; nothing is sent to it.`,
      )
    const network = d?.network ?? entry.body.network
    if (network === undefined) return null
    const address = entry.body.destination
    for (const k of this.deps.store.repo(knownAddresses).sameLook(network, address)) {
      const same = sameAddress(network, k.address, address)
      if (same && k.source === 'own')
        return refuse(
          'own_address',
          'validation_failed',
          `${address} is this workspace's own deposit address on ${network}, not an outside destination.`,
        )
      if (!same && agent && k.source === 'destination') {
        return refuse(
          'lookalike_destination',
          'lookalike_destination',
          `${address} looks like ${k.address}, another entry of the book on ${network}; an agent's payout to ` +
            `it waits for nobody and is not sent.`,
        )
      }
    }
    return null
  }
}

export interface Prepared {
  checked: CheckedPayout | null
  /**
   * Why the provider's wallets and book refuse the payout now (a destination no longer verified, a balance too low).
   */
  problem: string | null
  agent: { writeToolsOn: boolean } | null
}

export function refuse(rule: string, code: ErrorCode, message: string, remaining: string | null = null): GateVerdict {
  return { outcome: 'refuse', rule, code, message, remaining }
}

/** The error a refused claim raises to its caller (when the entry is left as it was: a new request, a release). */
export class SendRefused extends DeskError {
  constructor(
    readonly verdict: Extract<GateVerdict, { outcome: 'refuse' }>,
    message: string,
  ) {
    super(verdict.code, message)
  }
}
