import type { CreateWithdrawal } from '../../../shared/api/requests'
import type { Withdrawal } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import { DeskError } from '../errors'
import {
  AGENT_REQUESTER,
  checkedForProvider,
  type CheckedPayout,
  type OutboxEntry,
  type PayoutRequests,
  type PayoutResult,
} from '../payouts/use-cases'
import type { AgentPolicy } from './agent-policy'
import { HELD_EXPIRED } from './held-expiry'
import { HELD_REJECTED } from './held-payouts'
import { PolicyError } from './policy-errors'

export interface AgentPayoutResult {
  entry: OutboxEntry
  withdrawal: Withdrawal | null
  /** True when the key was already in the outbox: the call was a retry, nothing new was paid. */
  retried: boolean
}

/**
 * An agent's payouts through the app's outbox, keyed by the agent's own Idempotency-Key. Every
 * attempt to send (a new payout, a refused one or one the provider never recorded sent again) is
 * first checked against the provider's wallets and book, then passes the profile's policy in the
 * transaction that records it. A retried call with the same key and body lands on the same entry:
 * an accepted payout is read back, an unknown one is looked up, and only one the provider never
 * recorded or refused is sent again (same key); one a person released answers its outcome.
 */
export class AgentPayouts {
  private chain: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly payouts: PayoutRequests,
    private readonly client: ApiClient,
    private readonly policy: AgentPolicy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Calls run one at a time, so two calls with one key never race past the outbox check. */
  request(idempotencyKey: string, body: CreateWithdrawal): Promise<AgentPayoutResult> {
    const run = this.chain.then(() => this.run(idempotencyKey, body))
    this.chain = run.catch(() => undefined)
    return run
  }

  private async run(key: string, body: CreateWithdrawal): Promise<AgentPayoutResult> {
    let existing = this.payouts.outbox.list().find((e) => e.idempotencyKey === key)
    if (existing?.state === 'held') {
      this.policy.expireHeld(this.now())
      existing = this.payouts.outbox.get(key)
    }
    if (!existing) {
      try {
        return {
          ...(await this.admitted(key, body, (checked) =>
            this.payouts.request(checked.body, { requestedBy: AGENT_REQUESTER, idempotencyKey: key, checked }),
          )),
          retried: false,
        }
      } catch (err) {
        // Another process (a second connector) recorded this key between our read and our write: answer as for a
        // retry, from its entry, so the same payout is in progress or read back and only another body conflicts.
        if (
          err instanceof DeskError &&
          err.code === 'idempotency_conflict' &&
          this.payouts.outbox.list().some((e) => e.idempotencyKey === key)
        )
          return this.run(key, body)
        throw err
      }
    }
    if (!sameBody(existing.body, body)) {
      throw new DeskError(
        'idempotency_conflict',
        'This idempotency_key was already used for a different payout. Reuse a key only to retry the very same ' +
          'payout; use a new key for a new payout.',
      )
    }
    switch (existing.state) {
      case 'accepted':
        return { entry: existing, withdrawal: await this.read(existing), retried: true }
      case 'unknown': {
        const checked = await this.payouts.checkAgain(key)
        if (checked.state === 'accepted') return { entry: checked, withdrawal: await this.read(checked), retried: true }
        // Never recorded: sending it again is a new decision, like a new request (the policy may have changed since).
        if (checked.error?.code === 'not_recorded')
          return this.retried(
            await this.admitted(key, existing.body, (checked) =>
              this.payouts.resend(key, { actor: AGENT_REQUESTER, checked }),
            ),
          )
        return { entry: checked, withdrawal: null, retried: true }
      }
      case 'refused':
        // A person released it and the provider refused it: that is its outcome, not a new request to hold again.
        if (this.policy.wasHeld(key)) throw releasedAndRefused(existing)
        // A refused payout left the daily totals, so sending it again is a new decision.
        return this.retried(
          await this.admitted(key, existing.body, (checked) =>
            this.payouts.resend(key, { actor: AGENT_REQUESTER, checked }),
          ),
        )
      case 'discarded':
        if (existing.error?.code === HELD_REJECTED) {
          throw new DeskError(
            HELD_REJECTED,
            `A person at the desk rejected this held payout; nothing was sent. Their reason: ` +
              `${JSON.stringify(existing.error.message)}. Use a new idempotency_key only for a different, new payout.`,
          )
        }
        if (existing.error?.code === HELD_EXPIRED) {
          throw new DeskError(
            HELD_EXPIRED,
            `${existing.error.message} Use a new idempotency_key if the payout is still wanted; it is checked ` +
              `against the policy again.`,
          )
        }
        throw new DeskError(
          'invalid_input',
          'The payout under this idempotency_key was discarded in the app. Use a new key for a new payout.',
        )
      case 'sending':
        throw new DeskError(
          'in_progress',
          'The payout under this idempotency_key is being sent right now. Retry with the same key in a moment.',
        )
      case 'queued':
        throw new DeskError(
          'in_progress',
          `The payout under this idempotency_key is recorded and waits to be ` +
            `sent${existing.notBefore ? ` (not before ${existing.notBefore})` : ''}. Retry with the same key later.`,
        )
      case 'held':
        throw this.policy.stillHeld(key)
    }
  }

  /**
   * Checks the payout against the provider's wallets and book (a request that is not complete and valid is refused
   * with validation_failed, never held), then runs `record`, whose send gate decides the policy inside its write
   * transaction. A denial is audited and thrown; a hold is committed and then answered as `payout_held`.
   */
  private async admitted(
    key: string,
    body: CreateWithdrawal,
    record: (checked: CheckedPayout) => Promise<PayoutResult>,
  ): Promise<PayoutResult> {
    const now = this.now()
    // Read before the transaction: an HTTP call cannot run under the store's write lock.
    const checked = await checkedForProvider(
      { client: this.client, store: this.payouts.outbox.store },
      body,
      'validation_failed',
    )
    let result: PayoutResult
    try {
      result = await record(checked)
    } catch (err) {
      if (err instanceof PolicyError) this.policy.recordDenial(err, key, 'request_withdrawal', now, checked)
      throw err
    }
    if (result.entry.state === 'held') throw this.policy.stillHeld(key)
    return result
  }

  private retried(result: PayoutResult): AgentPayoutResult {
    return { ...result, retried: true }
  }

  private async read(entry: OutboxEntry): Promise<Withdrawal | null> {
    if (!entry.withdrawalId) return null
    return (await this.client.getWithdrawal(entry.withdrawalId)).withdrawal
  }
}

/**
 * Field by field: the outbox keeps the checked body, the agent sends the same fields in any order. The outbox fills in
 * the network the provider resolved an omitted one to, so a retry that omits it again is the same payout.
 */
function sameBody(recorded: CreateWithdrawal, asked: CreateWithdrawal): boolean {
  const b: CreateWithdrawal =
    asked.network === undefined && recorded.network !== undefined ? { ...asked, network: recorded.network } : asked
  const keys = new Set([...Object.keys(recorded), ...Object.keys(b)]) as Set<keyof CreateWithdrawal>
  for (const k of keys) if (recorded[k] !== b[k]) return false
  return true
}

function releasedAndRefused(entry: OutboxEntry): DeskError {
  const error = entry.error ?? { code: 'validation_failed' as const, message: 'The provider refused this payout.' }
  return new DeskError(
    error.code,
    `${error.message} A person at the desk released this held payout and the provider refused it; it is not ` +
      `sent again under this key. Use a new idempotency_key for a new request.`,
    error.requestId,
  )
}
