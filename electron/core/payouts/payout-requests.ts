import type { CreateWithdrawal } from '../../../shared/api/requests'
import type { Withdrawal } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import { ApiError } from '../api/errors'
import { checkIdempotencyKey, checkNote, checkWithdrawalBody } from '../api/input-checks'
import { DeskError } from '../errors'
import type { Outbox, OutboxEntry, OutboxErrorInfo } from './outbox'
import { outcomeNotRecorded } from './unrecorded-outcome'

export interface PayoutResult {
  entry: OutboxEntry
  withdrawal: Withdrawal | null
}

/** A refusal that proves the provider recorded nothing for this attempt (spec: refused before acceptance). */
function isDefiniteRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429
}

function errorInfo(err: unknown): OutboxErrorInfo {
  if (err instanceof DeskError) {
    return err.requestId ? { code: err.code, message: err.message, requestId: err.requestId } : { code: err.code, message: err.message }
  }
  return { code: 'internal', message: 'The payout attempt failed inside the app.' }
}

/** The answers that ask the client to come back later (spec: rate limit, service unavailable). */
const ASKS_TO_WAIT: ReadonlySet<number> = new Set([429, 503])

/**
 * A 429 or a 503 with Retry-After is the provider asking to come back later. When it asks for longer
 * than the sender will wait, the payout is kept queued until then, under the same key and body (so a
 * send that did reach the provider is answered, not repeated, when it goes out).
 */
function waitAsked(err: unknown): string | null {
  if (!(err instanceof ApiError) || !ASKS_TO_WAIT.has(err.status) || err.retryAfterSeconds === undefined) return null
  return new Date(Date.now() + err.retryAfterSeconds * 1000).toISOString()
}

function waitingInfo(err: ApiError, notBefore: string): OutboxErrorInfo {
  const info = errorInfo(err)
  return { ...info, message: `The provider asked to wait until ${notBefore} before this payout is sent; it waits in the outbox (same key and body) and can be discarded meanwhile.` }
}

const NOT_RECORDED: OutboxErrorInfo = {
  code: 'not_recorded',
  message: 'The provider has no record of this payout. Send it again (same Idempotency-Key and body) or discard it.',
}

/** What a request records beside its entry: the desk's own reference, and the caller's rows in the same transaction. */
export interface RequestExtras {
  reference?: string
  alongside?: (key: string) => void
}

/**
 * Payout requests through the outbox: the entry is durable before the first attempt, every
 * retry and re-send reuses its Idempotency-Key and body, and outcomes nobody saw are looked up.
 */
export class PayoutRequests {
  constructor(
    readonly outbox: Outbox,
    private readonly client: ApiClient,
    private readonly onAccepted: (withdrawal: Withdrawal) => void = () => undefined,
  ) {}

  /**
   * A new payout: new Idempotency-Key (or the agent's own), written and fsynced, then sent. With
   * `admit` (an agent's policy) the entry may be recorded `held` instead, and is then not sent. `extra.alongside` writes
   * the caller's rows about the entry in the transaction that records it.
   */
  async request(body: CreateWithdrawal, requestedBy: string, idempotencyKey?: string, admit?: () => 'sending' | 'held', extra: RequestExtras = {}): Promise<PayoutResult> {
    const checked = checkWithdrawalBody(body)
    const key = idempotencyKey === undefined ? undefined : checkIdempotencyKey(idempotencyKey)
    // The reference is the desk's own: kept with the entry, never part of the body sent to the provider.
    const ref = extra.reference === undefined || extra.reference.trim() === '' ? null : checkNote(extra.reference.trim(), 'reference')
    const entry = await this.outbox.add(checked, requestedBy, this.outbox.now(), key, { ...(admit ? { admit } : {}), ...(extra.alongside ? { alongside: extra.alongside } : {}), reference: ref })
    return this.sendUnlessHeld(entry)
  }

  /** An unrecorded or refused entry sent again, with its own key and body; `admit` as for `request`. */
  async resend(key: string, admit?: () => 'sending' | 'held'): Promise<PayoutResult> {
    const entry = this.outbox.get(key)
    if (entry.state !== 'unknown' && entry.state !== 'refused') {
      throw new DeskError('invalid_input', `This payout is ${entry.state}; only an unknown or refused one can be sent again.`)
    }
    return this.sendUnlessHeld(await this.outbox.mark(key, 'sending', { admit }))
  }

  /**
   * Sends an entry that was recorded to be sent later (a queued batch row, a held agent request
   * released by a person), under the key and body it was recorded with.
   */
  async sendRecorded(key: string): Promise<PayoutResult> {
    const entry = this.outbox.get(key)
    if (entry.state !== 'queued' && entry.state !== 'held') {
      throw new DeskError('invalid_input', `This payout is ${entry.state}; only a queued or held one is sent this way.`)
    }
    return this.send(await this.outbox.mark(key, 'sending'))
  }

  /** Asks the provider what it recorded under the entry's key. */
  async checkAgain(key: string): Promise<OutboxEntry> {
    return (await this.resolve(key)).entry
  }

  /** Start-up and on demand: every `unknown` entry looked up once. */
  async resolveUnknown(): Promise<OutboxEntry[]> {
    const out: OutboxEntry[] = []
    for (const entry of this.outbox.list()) {
      if (entry.state === 'unknown') out.push(await this.checkAgain(entry.idempotencyKey))
    }
    return out
  }

  /** Drops an entry the provider never recorded; one it did record cannot be discarded. */
  async discard(key: string): Promise<OutboxEntry> {
    const entry = this.outbox.get(key)
    if (entry.state === 'unknown') {
      const checked = await this.checkAgain(key)
      if (checked.state === 'accepted') {
        throw new DeskError('invalid_input', 'The provider has recorded this payout, so it cannot be discarded; cancel it while it waits for approval.')
      }
      if (checked.error?.code !== NOT_RECORDED.code) {
        throw new DeskError('network_error', 'The provider could not be asked whether it recorded this payout; try again before discarding.')
      }
    } else if (entry.state !== 'refused' && entry.state !== 'queued') {
      throw new DeskError('invalid_input', `This payout is ${entry.state}; only a waiting, unknown or refused one can be discarded.`)
    }
    return this.outbox.mark(key, 'discarded')
  }

  private sendUnlessHeld(entry: OutboxEntry): Promise<PayoutResult> {
    return entry.state === 'held' ? Promise.resolve({ entry, withdrawal: null }) : this.send(entry)
  }

  private async send(entry: OutboxEntry): Promise<PayoutResult> {
    const key = entry.idempotencyKey
    let withdrawal: Withdrawal
    try {
      withdrawal = (await this.client.createWithdrawal(entry.body, key)).withdrawal
    } catch (err) {
      if (isDefiniteRefusal(err)) return { entry: await this.outbox.mark(key, 'refused', { error: errorInfo(err) }), withdrawal: null }
      const wait = waitAsked(err)
      if (wait !== null) return { entry: await this.outbox.mark(key, 'queued', { error: waitingInfo(err as ApiError, wait), notBefore: wait }), withdrawal: null }
      await this.outbox.mark(key, 'unknown', { error: errorInfo(err) }).catch((markErr: unknown) => {
        throw outcomeNotRecorded(markErr, null)
      })
      return this.resolve(key)
    }
    return this.recordAccepted(key, withdrawal)
  }

  private async recordAccepted(key: string, withdrawal: Withdrawal): Promise<PayoutResult> {
    this.onAccepted(withdrawal)
    try {
      return { entry: await this.outbox.mark(key, 'accepted', { withdrawalId: withdrawal.id }), withdrawal }
    } catch (err) {
      throw outcomeNotRecorded(err, withdrawal.id)
    }
  }

  private async resolve(key: string): Promise<PayoutResult> {
    const entry = this.outbox.get(key)
    if (entry.state !== 'unknown') return { entry, withdrawal: null }
    let found: Withdrawal | null
    try {
      found = await this.client.findWithdrawalByKey(key)
    } catch (err) {
      return { entry: await this.outbox.mark(key, 'unknown', { error: errorInfo(err) }), withdrawal: null }
    }
    if (!found) return { entry: await this.outbox.mark(key, 'unknown', { error: NOT_RECORDED }), withdrawal: null }
    return this.recordAccepted(key, found)
  }
}
