import type { DecisionPath } from '../../../shared/audit/activity-action'
import type { HeldPayoutReply } from '../../../shared/ipc/channels/policy'
import type { Hold } from '../../../shared/policy/hold-schema'
import { DeskError } from '../errors'
import {
  outboxEntryView,
  SendRefused,
  type OutboxEntry,
  type PayoutRequests,
  type PayoutResult,
} from '../payouts/use-cases'
import { decisionEntry } from '../audit/use-cases'
import type { AuditEntry, DeskStore } from '../store'
import { policyRepo } from '../store/policy/policy-repo'
import type { PolicyEditor } from './policy-settings'
import { plainTextProblem } from '../../../shared/text/plain-text'
import { heldExpiresAt } from '../../../shared/policy/held-expiry'
import { HELD_EXPIRED, HeldExpiry } from './held-expiry'

/**
 * A damaged audit row of one hold shows that hold as unchecked (the release dialog says so); it never hides the others.
 */
function readableHold(read: () => Hold | null): Hold | null {
  try {
    return read()
  } catch (err) {
    if (err instanceof DeskError && err.code === 'record_corrupt') return null
    throw err
  }
}

/** The outbox error a rejected hold carries; the agent reads it on its next retry with the key. */
export const HELD_REJECTED = 'held_rejected'
const MAX_REASON_LENGTH = 500

/**
 * Agent payouts the policy held for a person: listed with the request in full, released (sent
 * under the agent's Idempotency-Key and recorded body) or rejected with a reason.
 */
export class HeldPayouts {
  constructor(
    private readonly store: DeskStore,
    private readonly editor: PolicyEditor,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private get expiry(): HeldExpiry {
    return new HeldExpiry(this.store, this.editor.actor, this.clock)
  }

  /**
   * Each held entry with why it is held, what it pays (its wallet, destination entry and network, as checked) and when
   * it expires; the ones whose time is up expire first.
   */
  list(): HeldPayoutReply[] {
    this.expiry.expireDue()
    return this.views((e) => e.state === 'held')
  }

  /** The held payouts that expired with no person's decision, newest first. */
  expired(): HeldPayoutReply[] {
    return this.views((e) => e.state === 'discarded' && e.error?.code === HELD_EXPIRED)
  }

  private views(keep: (e: OutboxEntry) => boolean): HeldPayoutReply[] {
    const hours = this.expiry.hours()
    return this.store.read('read the held payouts', () => {
      const repo = this.store.repo(policyRepo)
      return this.store.outbox
        .list()
        .entries.filter(keep)
        .map((e) => ({
          ...outboxEntryView(e),
          hold: readableHold(() => repo.holdReason(e.idempotencyKey)?.hold ?? null),
          expiresAt: heldExpiresAt(e.createdAt, hours),
        }))
    })
  }

  /**
   * Sends the held entry through `payouts` (the profile's signing session), if the send gate lets it through now: the
   * hold rules are what the person releases, but a rule that refuses it under the policy in force now (a cap
   * tightened, write tools off) stops it unless `override` names that rule. The release (and any override) is audited
   * in the transaction that claims the attempt; a refused release leaves it held. One whose time is up expires.
   */
  async release(
    key: string,
    payouts: PayoutRequests,
    now = this.clock(),
    override: string | null = null,
  ): Promise<PayoutResult> {
    this.expiry.expireDue()
    this.store.read('read the held payout', () => this.mustBeHeld(key))
    try {
      return await payouts.sendRecorded(key, {
        how: 'release',
        override,
        actor: this.editor.actor,
        person: this.editor.person,
      })
    } catch (err) {
      if (err instanceof SendRefused) {
        const detail = {
          by: this.editor.person,
          tool: 'held_release',
          rule: err.verdict.rule,
          override,
          message: err.verdict.message,
        }
        this.store.transaction('record the refused release', () =>
          this.store.audit.append(decisionEntry(now, 'policy.denied', this.editor.actor, key, detail, err.code)),
        )
      }
      throw err
    }
  }

  async reject(key: string, reason: string, now = this.clock()): Promise<OutboxEntry> {
    const text = reason.trim()
    if (text.length === 0 || text.length > MAX_REASON_LENGTH)
      throw new DeskError(
        'invalid_input',
        `A rejection needs a reason of 1 to ${MAX_REASON_LENGTH} characters; the agent sees it.`,
      )
    const problem = plainTextProblem(text)
    if (problem) throw new DeskError('invalid_input', `The reason ${problem}.`)
    this.expiry.expireDue()
    return this.store.transaction('record the rejection', () => {
      this.mustBeHeld(key)
      this.store.audit.append(this.entry(now, 'held.rejected', key, { reason: text }))
      return this.store.outbox.transition(
        key,
        (e) => ({ state: 'discarded', withdrawalId: e.withdrawalId, error: { code: HELD_REJECTED, message: text } }),
        this.store.processes.token,
        now.toISOString(),
      )
    })
  }

  private mustBeHeld(key: string): void {
    const entry = this.store.outbox.get(key)
    if (!entry) throw new DeskError('invalid_input', 'There is no payout with this Idempotency-Key in the outbox.')
    if (entry.state === 'discarded' && entry.error?.code === HELD_EXPIRED) {
      throw new DeskError(
        HELD_EXPIRED,
        `This held payout can no longer be released or rejected: ${entry.error.message} The agent is told so ` +
          `on its next call; it must ask again with a new key.`,
      )
    }
    if (entry.state !== 'held')
      throw new DeskError(
        'invalid_input',
        `This payout is ${entry.state}, not held; only a held payout is released or rejected.`,
      )
  }

  private entry(now: Date, path: DecisionPath, key: string, detail: Record<string, unknown>): AuditEntry {
    return decisionEntry(now, path, this.editor.actor, key, { by: this.editor.person, ...detail })
  }
}
